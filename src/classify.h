/* classify.h: what part of a string is prose, in one place.

   The check (check.c) asks this module whether a part of a string
   between NULs is prose worth a dictionary's opinion, or something
   else: a name or key (one token), program source built into the
   program, SQL.  Outside prose only known misspellings count.

   Finer rules that need the word splitter's view of the text (printf
   conversions, tags, placeholders, key letters) stay in words.c, which
   drops code-dense and data segments before it splits them
   (segment_is_dense_code, segment_is_data there).  Model layer: plain
   functions of the text, no state.  */

#ifndef LTOSPELL_CLASSIFY_H
#define LTOSPELL_CLASSIFY_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Does TEXT[START, END) hold two tokens or more, separated by blanks?
   A string of one token ("breakp", "smcup", "unbuffered") is a name, a
   key or a command far more often than a message.  Leading and
   trailing blanks do not count (" xqlkmjwvtun~").  */
bool ls_segment_has_several_tokens (const char *text, size_t start,
				    size_t end);

/* Is TEXT[START, END) program source (a script, a page, a style sheet
   built into the program, as ninja embeds browse.py): four lines or
   more, and a third of those that are not blank read as code?  Its
   comments and names are not prose.  */
bool ls_segment_is_program_source (const char *text, size_t start,
				   size_t end);

/* Is TEXT[START, END) SQL: at least two upper-case SQL keywords, and
   either a statement keyword first ("INSERT INTO t(nlen) VALUES(1)")
   or keywords for a third of its words ("sql IS NOT NULL ORDER BY
   snum")?  Its column and table names are not prose; a message that
   names one keyword ("SELECTs to the left of %s") stays prose.  */
bool ls_segment_is_sql (const char *text, size_t start, size_t end);

/* Is TEXT[START, END) prose: several tokens, and neither program
   source nor SQL?  */
bool ls_segment_is_prose (const char *text, size_t start, size_t end);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_CLASSIFY_H */
