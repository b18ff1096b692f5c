/* dictdir.h: the project's word lists (dictdir.c): where they are,
   and which of them a speller loads.  */

#ifndef LTOSPELL_DICTDIR_H
#define LTOSPELL_DICTDIR_H

#include "speller.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Accept the words of every *.txt word list in DIR, in name order.  A
   list named for a language (en_GB.txt, or en.txt for every en_*) is
   loaded only when LANGS, a comma-separated list such as the lang=
   option, names it; NULL loads every list.  Returns 0, or -1 with *ERR
   set.  */
int ls_speller_add_words_dir (ls_speller *sp, const char *dir,
			      const char *langs, char **err);

/* The directory of the project's word lists for the plugin loaded
   from PLUGIN_PATH: ltospell-dict/ beside it once installed, ../dict
   from the build tree.  Malloc'd, or NULL if there is none.  */
char *ls_default_dict_dir (const char *plugin_path);

/* The directory of the dictionaries' precompiled words (dictwords.h)
   for the plugin loaded from PLUGIN_PATH: ltospell-data/ beside it.
   Malloc'd, or NULL if there is none.  */
char *ls_default_words_dir (const char *plugin_path);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_DICTDIR_H */
