/* utf8.c: decoding and encoding UTF-8 (see utf8.h).  */

#include "utf8.h"

/* The sequence length a lead byte LEAD starts, with the range of valid
   second bytes after it (Unicode table 3-7: this rules out overlong
   forms, surrogates and values above U+10FFFF); 0 when LEAD cannot
   start a sequence.  */
static unsigned
lead_info (unsigned char lead, unsigned char *lo, unsigned char *hi)
{
  *lo = 0x80;
  *hi = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF)
    return 2;
  if (lead >= 0xE0 && lead <= 0xEF)
    {
      if (lead == 0xE0)
	*lo = 0xA0;
      else if (lead == 0xED)
	*hi = 0x9F;
      return 3;
    }
  if (lead >= 0xF0 && lead <= 0xF4)
    {
      if (lead == 0xF0)
	*lo = 0x90;
      else if (lead == 0xF4)
	*hi = 0x8F;
      return 4;
    }
  return 0;
}

size_t
ls_utf8_get (const void *s, size_t avail, uint32_t *cp)
{
  const unsigned char *in = s;
  if (in[0] < 0x80)
    {
      *cp = in[0];
      return 1;
    }
  unsigned char lo, hi;
  unsigned len = lead_info (in[0], &lo, &hi);
  if (len == 0)
    {
      *cp = LS_UTF8_ILL_FORMED;
      return 1;
    }
  uint32_t v = in[0] & (0x7F >> len);
  for (unsigned k = 1; k < len; k++)
    {
      if (k >= avail || in[k] < (k == 1 ? lo : 0x80)
	  || in[k] > (k == 1 ? hi : 0xBF))
	{
	  /* The bytes so far are a maximal subpart; the offending byte
	     starts afresh.  */
	  *cp = LS_UTF8_ILL_FORMED;
	  return k;
	}
      v = (v << 6) | (in[k] & 0x3F);
    }
  *cp = v;
  return len;
}

size_t
ls_utf8_put (void *out, uint32_t cp)
{
  unsigned char *o = out;
  if (cp < 0x80)
    {
      o[0] = cp;
      return 1;
    }
  if (cp < 0x800)
    {
      o[0] = 0xC0 | (cp >> 6);
      o[1] = 0x80 | (cp & 0x3F);
      return 2;
    }
  if (cp < 0x10000)
    {
      o[0] = 0xE0 | (cp >> 12);
      o[1] = 0x80 | ((cp >> 6) & 0x3F);
      o[2] = 0x80 | (cp & 0x3F);
      return 3;
    }
  o[0] = 0xF0 | (cp >> 18);
  o[1] = 0x80 | ((cp >> 12) & 0x3F);
  o[2] = 0x80 | ((cp >> 6) & 0x3F);
  o[3] = 0x80 | (cp & 0x3F);
  return 4;
}

bool
ls_utf8_valid (const void *s, size_t len)
{
  const unsigned char *p = s;
  size_t i = 0;
  while (i < len)
    {
      if (p[i] < 0x80)
	{
	  i++;
	  continue;
	}
      uint32_t cp;
      i += ls_utf8_get (p + i, len - i, &cp);
      if (cp == LS_UTF8_ILL_FORMED)
	return false;
    }
  return true;
}
