/* unit.h: a minimal harness for the C core's unit tests.

   Each check prints one line, "PASS: name" or "FAIL: name: why", so
   that `make check` can count them; unit_done() returns the exit
   status (non-zero when anything failed).  */

#ifndef LTOSPELL_UNIT_H
#define LTOSPELL_UNIT_H

#include <stdio.h>
#include <string.h>

static int unit_passed, unit_failed;

static void
unit_report (int ok, const char *name, const char *why)
{
  if (ok)
    {
      unit_passed++;
      printf ("PASS: %s\n", name);
    }
  else
    {
      unit_failed++;
      printf ("FAIL: %s: %s\n", name, why);
    }
}

/* Check a condition; NAME says what behaviour it stands for.  */
#define UNIT_CHECK(name, cond) unit_report ((cond) != 0, (name), #cond)

/* Check that two C strings are equal (NULL equals NULL only).  */
#define UNIT_STREQ(name, got, want)                                      \
  do                                                                     \
    {                                                                    \
      const char *unit_g_ = (got), *unit_w_ = (want);                    \
      int unit_ok_ = (unit_g_ == NULL || unit_w_ == NULL)                \
		       ? unit_g_ == unit_w_                              \
		       : strcmp (unit_g_, unit_w_) == 0;                 \
      char unit_why_[1024];                                              \
      snprintf (unit_why_, sizeof unit_why_, "got [%s], want [%s]",      \
		unit_g_ ? unit_g_ : "(null)", unit_w_ ? unit_w_ : "(null)"); \
      unit_report (unit_ok_, (name), unit_why_);                         \
    }                                                                    \
  while (0)

static int
unit_done (const char *suite)
{
  fprintf (stderr, "%s: %d passed, %d failed\n", suite, unit_passed,
	   unit_failed);
  return unit_failed != 0;
}

#endif
