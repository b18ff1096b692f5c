/* consistency.h: the consistency tier (consistency.c): en_US/en_GB mixes,
   "can not" and "cannot", messages that differ only by case or a final
   period, with the `consistency' option  */

#ifndef LTOSPELL_CONSISTENCY_H
#define LTOSPELL_CONSISTENCY_H

#include "options.h"
#include "strtab.h"

#ifdef __cplusplus
extern "C" {
#endif

enum ls_consistency_kind
{
  LS_CONSISTENCY_DIALECT,	/* en_US and en_GB spellings mixed.  */
  LS_CONSISTENCY_CANNOT,	/* "can not" and "cannot" mixed.  */
  LS_CONSISTENCY_MESSAGE	/* Messages that differ only by case or
				   by a trailing period.  */
};

struct ls_consistency_item
{
  enum ls_consistency_kind kind;
  char *message;		/* The warning's text, ready to print.  */
  char *word;			/* What the string has: "colour", "can not",
				   or the whole message.  */
  char *preferred;		/* What the rest of the program has.  */
  const struct ls_string *str;
  const struct ls_site *site;	/* The string's first use.  */
};

struct ls_consistency
{
  struct ls_consistency_item *items;
  size_t n, alloc;
};

/* Find the inconsistencies of the finished program P: for each mix,
   the minority form is flagged (a tie goes to the dialect of O's
   first language, and to "cannot").  Strings whose every use is dead
   count only with O->dead.  Items come in the program's string order.
   The plugin prints each as
     warning_at (item->site->loc, 0, "%s", item->message).  */
void ls_consistency_check (const ls_program *p, const struct ls_options *o,
			   struct ls_consistency *out);
void ls_consistency_free (struct ls_consistency *c);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_CONSISTENCY_H */
