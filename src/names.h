/* names.h: names of people in a program's strings.

   Credits tables, author lists and copyright lines are full of words
   no dictionary knows ("Allegretta", "Fenlason") that are nobody's
   typo.  No list of names can cover them, and none is shipped: each is
   recognised from where it stands.

   - An argument of a function that takes names: gnulib's proper_name
     family, version_etc's authors; version_etc's program, package and
     version are the program's own names.  A name-shaped string passed
     to gettext on the line of a version_etc call is an author too
     (sed's AUTHORS are _("Jay Fenlason"), ...).
   - An entry of a credits list: one array's strings, most of them short,
     made of capitalised words, with a word no dictionary knows.
   - A capitalised word after "Written by", "Copyright", "(C)", "Author",
     "Maintainer", "Contributors" or "Thanks to" on its line, before the
     sentence ends.
   - A capitalised word in a run of them beside an e-mail address
     ("Jane Doe <jane@x.org>") or beside initials ("J. Smith",
     "Eric S. Raymond", "Smith, J.").

   Only words the dictionaries reject are asked about, and only after
   the known misspellings: "Copyrigth" on a copyright line is still a
   misspelling.  Plain C11, no GCC headers.  */

#ifndef LTOSPELL_NAMES_H
#define LTOSPELL_NAMES_H

#include "findings.h"
#include "strtab.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Does a dictionary (or a word list) know WORD (LEN bytes)?  */
typedef bool (*ls_word_known_fn) (const char *word, size_t len, void *data);

typedef struct ls_names ls_names;

/* Look at the whole finished program P once: which strings are
   credits-list entries (deciding with KNOWN), where version_etc is
   called.  */
ls_names *ls_names_new (const ls_program *p, ls_word_known_fn known,
			void *data);

/* Is the word at OFFSET of S (one the dictionaries reject) a name, and
   why?  LS_NAME_NONE when it is not.  */
enum ls_name_kind ls_names_judge (const ls_names *n,
				  const struct ls_string *s, size_t offset);

/* Add WORD (LEN bytes, at OFFSET of S) to OUT's names unless it is
   already there: each word is listed once, where it is first seen.  */
void ls_names_record (ls_findings *out, const char *word, size_t len,
		      const struct ls_string *s, size_t offset,
		      enum ls_name_kind kind);

/* The lowercase name of KIND for reports: "argument", "package",
   "credits", "marker", "email", "initials".  */
const char *ls_name_kind_name (enum ls_name_kind kind);

void ls_names_free (ls_names *n);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_NAMES_H */
