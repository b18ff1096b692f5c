/* leftovers.h: what a failed link would leave in the temporary
   directory.

   WPA writes the partitions (ccXXXXXX.ltransN.o) and their list
   (-fltrans-output-list=) before the end of lto1, where a large
   program is checked (check-at=end).  When lto1 then fails (werror,
   fail-on=, or warnings -Werror made errors, which do not stop WPA
   before it writes), lto-wrapper removes the list but not the files it
   names: it learns their names only from a WPA that succeeded.  So the
   plugin removes them itself, unless the driver was asked to keep
   temporary files (-save-temps).  */

#ifndef LTOSPELL_LEFTOVERS_H
#define LTOSPELL_LEFTOVERS_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether OPTIONS, the driver's options as COLLECT_GCC_OPTIONS passes
   them (each quoted: '-o' 'prog' '-save-temps'), ask to keep temporary
   files: -save-temps or -save-temps=WHERE.  NULL asks nothing.  */
bool ls_keeps_temporary_files (const char *options);

/* Remove the partition files named by the WPA's list at LIST_PATH.
   WPA names partition I LIST_PATH without its ".out", then "I.o"
   (/tmp/ccX.ltrans.out: /tmp/ccX.ltrans0.o, ...), and lists each after
   a line with its size; only lines that are such a name are removed
   (a '*' before one, lto-wrapper's mark, is allowed).  A list last
   written before NOT_BEFORE is another link's: nothing is removed.
   The list itself is lto-wrapper's.  Returns how many files were
   removed; a list that cannot be read removes none.  */
size_t ls_remove_partition_files (const char *list_path, time_t not_before);

#ifdef __cplusplus
}
#endif

#endif
