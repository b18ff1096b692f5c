/* Names of people are no misspellings: a credits table (prec_people_1.c),
   the authors given to gnulib's version_etc, translated as sed writes
   them, and through proper_name, a "Written by" line, a name beside an
   e-mail address and one beside initials.  Each name goes to the
   report's "names", none warns.  A misspelled marker ("Writen") and a
   misspelled word beside a capitalised one are still reported.  */

#include <libintl.h>
#include <stdio.h>

#define _(msgid) gettext (msgid)

/* gnulib's version-etc.h and propername.h.  */
extern void version_etc (FILE *stream, const char *command_name,
			 const char *package, const char *version,
			 /* const char *author1, ...*/ ...)
  __attribute__ ((__sentinel__));
extern const char *proper_name (const char *name);

void do_credits (void);

/* As sed's AUTHORS.  */
#define AUTHORS \
  _("Jay Fenlason"), \
  _("Ken Pizzini"), \
  proper_name ("Paolo Bonzini")

int
main (int argc, char **argv)
{
  if (argc > 2)
    {
      version_etc (stdout, "peoplectl", "GNU Peoplekyt", "1.0",
		   AUTHORS, (char *) NULL);
      return 0;
    }
  if (argc > 1)
    {
      do_credits ();
      return 0;
    }
  puts (_("Written by Assaf Gordonov and Jim Meyeringer."));
  puts (_("Report bugs to Benno Schulenberg <bensberg@example.org>."));
  puts (_("Based on code by Eric S. Raymondo."));
  puts (_("Writen by Tom Lord.")); /* { ltospell-warning "Writen" } */
  puts (_("Cannot start the Sesion Manager.")); /* { ltospell-warning "Sesion" } */
  return argv[0] == NULL;
}
