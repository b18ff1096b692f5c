/* A message in a macro: each use is where the macro is expanded.  */
#define MSG_TIMEOUT "The request timed out, wich is unusual"
