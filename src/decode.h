/* decode.h: a string constant's bytes as UTF-8 (decode.c).  */

#ifndef LTOSPELL_DECODE_H
#define LTOSPELL_DECODE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Decode NBYTES of a string constant made of ELEM_SIZE-byte elements
   (1, 2 or 4) stored in the given byte order into UTF-8.  Trailing NUL
   elements are dropped; embedded NULs are kept as '\0' bytes so that
   the text after them is still checked.  Invalid UTF-8 (for 1-byte
   elements), unpaired UTF-16 surrogates and values above U+10FFFF
   become U+FFFD.  Returns a malloc'd buffer, NUL-terminated, with its
   length (not counting that terminator) in *OUT_LEN.  */
char *ls_decode (const void *bytes, size_t nbytes, unsigned elem_size,
		 bool big_endian, size_t *out_len);

/* Would ls_decode give the first *OUT_LEN bytes of BYTES back as they
   are, with a NUL that BYTES has after them?  True for 1-byte elements,
   all ASCII, ending with a NUL (most strings of a C program): then
   BYTES itself is the text.  */
bool ls_decode_is_identity (const void *bytes, size_t nbytes,
			    unsigned elem_size, size_t *out_len);

#ifdef __cplusplus
}
#endif

#endif /* LTOSPELL_DECODE_H */
