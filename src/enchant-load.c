/* enchant-load.c: libenchant, opened the first time it is used.

   The plugin is loaded into every cc1 whose command line has -fplugin,
   and with -flto all it does there is write the unit's summary.
   Loading libenchant with it (and glib, gmodule and pcre2 behind it)
   cost 1.2 ms of CPU in every such compile, a third of the plugin's
   cost in cc1.  So the plugin is not linked with libenchant: the
   enchant functions speller.c calls are defined here, with enchant's
   own declarations, and each opens libenchant (LS_ENCHANT_SONAME, from
   the Makefile) when first called, then calls the real one.  Without
   the library, enchant_broker_init returns NULL, which the speller
   reports ("enchant could not be initialised"), and nothing else is
   called.  */

#include <enchant.h>

#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

#ifndef LS_ENCHANT_SONAME
#define LS_ENCHANT_SONAME "libenchant-2.so.2"
#endif

/* The real function NAME, or NULL when libenchant cannot be opened.  */
static void *
real (const char *name)
{
  static void *lib;
  static bool tried;
  if (!tried)
    {
      tried = true;
      lib = dlopen (LS_ENCHANT_SONAME, RTLD_NOW | RTLD_LOCAL);
    }
  return lib ? dlsym (lib, name) : NULL;
}

/* The pointer to the real NAME, of the type of NAME: found once.  */
#define REAL(name)                                                      \
  static __typeof__ (name) *real_##name;                                \
  if (!real_##name)                                                     \
    real_##name = (__typeof__ (name) *) real (#name)

EnchantBroker *
enchant_broker_init (void)
{
  REAL (enchant_broker_init);
  return real_enchant_broker_init ? real_enchant_broker_init () : NULL;
}

/* The others are only called with a broker or a dictionary, so once
   enchant_broker_init found the library.  */

void
enchant_broker_free (EnchantBroker *broker)
{
  REAL (enchant_broker_free);
  real_enchant_broker_free (broker);
}

EnchantDict *
enchant_broker_request_dict (EnchantBroker *broker, const char *const tag)
{
  REAL (enchant_broker_request_dict);
  return real_enchant_broker_request_dict (broker, tag);
}

void
enchant_broker_free_dict (EnchantBroker *broker, EnchantDict *dict)
{
  REAL (enchant_broker_free_dict);
  real_enchant_broker_free_dict (broker, dict);
}

void
enchant_broker_set_ordering (EnchantBroker *broker, const char *const tag,
			     const char *const ordering)
{
  REAL (enchant_broker_set_ordering);
  real_enchant_broker_set_ordering (broker, tag, ordering);
}

const char *
enchant_broker_get_error (EnchantBroker *broker)
{
  REAL (enchant_broker_get_error);
  return real_enchant_broker_get_error (broker);
}

void
enchant_broker_describe (EnchantBroker *broker, EnchantBrokerDescribeFn fn,
			 void *user_data)
{
  REAL (enchant_broker_describe);
  real_enchant_broker_describe (broker, fn, user_data);
}

void
enchant_broker_list_dicts (EnchantBroker *broker, EnchantDictDescribeFn fn,
			   void *user_data)
{
  REAL (enchant_broker_list_dicts);
  real_enchant_broker_list_dicts (broker, fn, user_data);
}

int
enchant_dict_check (EnchantDict *dict, const char *const word, ssize_t len)
{
  REAL (enchant_dict_check);
  return real_enchant_dict_check (dict, word, len);
}

char **
enchant_dict_suggest (EnchantDict *dict, const char *const word, ssize_t len,
		      size_t *out_n_suggs)
{
  REAL (enchant_dict_suggest);
  return real_enchant_dict_suggest (dict, word, len, out_n_suggs);
}

void
enchant_dict_add (EnchantDict *dict, const char *const word, ssize_t len)
{
  REAL (enchant_dict_add);
  real_enchant_dict_add (dict, word, len);
}

void
enchant_dict_add_to_session (EnchantDict *dict, const char *const word,
			     ssize_t len)
{
  REAL (enchant_dict_add_to_session);
  real_enchant_dict_add_to_session (dict, word, len);
}

void
enchant_dict_store_replacement (EnchantDict *dict, const char *const mis,
				ssize_t mis_len, const char *const cor,
				ssize_t cor_len)
{
  REAL (enchant_dict_store_replacement);
  real_enchant_dict_store_replacement (dict, mis, mis_len, cor, cor_len);
}

void
enchant_dict_free_string_list (EnchantDict *dict, char **string_list)
{
  REAL (enchant_dict_free_string_list);
  real_enchant_dict_free_string_list (dict, string_list);
}

void
enchant_dict_describe (EnchantDict *dict, EnchantDictDescribeFn fn,
		       void *user_data)
{
  REAL (enchant_dict_describe);
  real_enchant_dict_describe (dict, fn, user_data);
}
