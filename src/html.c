/* html.c: the html=FILE.html report, one self-contained page.

   Everything the page needs is in the file: the styles, the tables,
   the chart (CSS bars, widths computed here) and a few lines of script
   that sort a table when its header is clicked.  A Content Security
   Policy forbids every fetch, so the page shows the same offline, in a
   CI artifact viewer, or from a mail attachment.  "#sort=KEY:desc" in
   the address sorts on load, so a sorted view can be linked to.

   Text from the program goes through ls_display_text (C escapes for
   control characters, \xNN for bytes that are not UTF-8) and then HTML
   escaping, so no string constant can break the page.  A long string
   shows as a snippet of about SNIPPET_CHARS characters around its
   misspelled word (marked), cut at spaces, with the full text in a
   <details> element: open on demand, without any script.  */

#include "html.h"
#include "dups.h"
#include "results.h"
#include "strtab.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* Characters of a string's display form a cell shows before the rest
   is left to "…" and the full text on demand.  */
#define SNIPPET_CHARS 120

static void
html_escape (FILE *out, const char *s)
{
  for (; *s; s++)
    switch (*s)
      {
      case '&': fputs ("&amp;", out); break;
      case '<': fputs ("&lt;", out); break;
      case '>': fputs ("&gt;", out); break;
      case '"': fputs ("&quot;", out); break;
      case '\'': fputs ("&#39;", out); break;
      default: fputc (*s, out);
      }
}

/* LEN bytes at S, made readable and escaped.  */
static void
html_text (FILE *out, const char *s, size_t len)
{
  char *shown = ls_display_text (s, len);
  html_escape (out, shown);
  free (shown);
}

static void
html_name (FILE *out, const char *name)
{
  if (name)
    html_text (out, name, strlen (name));
}

/* The bytes [FROM, TO) of S, with the WORD_LEN bytes at WORD in <mark>
   when they are inside.  Each part is cut between characters, so it
   displays as it does in the whole string.  */
static void
html_marked_text (FILE *out, const char *s, size_t from, size_t to,
		  size_t word, size_t word_len)
{
  if (word_len == 0 || word < from || word + word_len > to)
    {
      html_text (out, s + from, to - from);
      return;
    }
  html_text (out, s + from, word - from);
  fputs ("<mark>", out);
  html_text (out, s + word, word_len);
  fputs ("</mark>", out);
  html_text (out, s + word + word_len, to - word - word_len);
}

/* String S in a cell, in double quotes when QUOTED: whole when it is
   short; otherwise a snippet around the WORD_LEN bytes at WORD (with
   WORD_LEN 0, WORD anchors it: 0 shows the start, the length the end)
   and the whole text in a <details> element.  The word is marked in
   both.  */
static void
html_string (FILE *out, const struct ls_string *s, size_t word,
	     size_t word_len, bool quoted)
{
  const char *quote = quoted ? "\"" : "";
  size_t start, end;
  ls_snippet_bounds (s->text, s->text_len, word, word_len, SNIPPET_CHARS,
		     &start, &end);
  bool whole = start == 0 && end == s->text_len;
  if (!whole)
    {
      fprintf (out, "<details><summary><code>%s%s", quote,
	       start > 0 ? "&hellip;" : "");
      html_marked_text (out, s->text, start, end, word, word_len);
      fprintf (out, "%s%s</code></summary>", end < s->text_len
	       ? "&hellip;" : "", quote);
    }
  fprintf (out, "<code%s>%s", whole ? "" : " class=\"full\"", quote);
  html_marked_text (out, s->text, 0, s->text_len, word, word_len);
  fprintf (out, "%s</code>%s", quote, whole ? "" : "</details>");
}

static bool
is_word_byte (unsigned char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
	 || (c >= '0' && c <= '9') || c >= 0x80;
}

/* The length of the text at OFFSET that spells WORD with the marks
   of a notation between its letters ("[h]elp", "E&xit", "_Open": the
   word is read without them, from the offset of its first mark); 0
   when it does not.  */
static size_t
notation_span (const char *text, size_t text_len, size_t offset,
	       const char *word)
{
  size_t i = offset;
  for (const char *w = word; *w; w++, i++)
    {
      while (i < text_len && text[i] != *w && text[i]
	     && strchr ("[]()&_", text[i]))
	i++;
      if (i >= text_len || text[i] != *w)
	return 0;
    }
  return i - offset;
}

/* Whether the N bytes at A and B are the same, ASCII case aside (not
   strncasecmp, which follows the locale: in a Turkish one 'I' is not
   'i').  */
static bool
same_ascii_case_aside (const char *a, const char *b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (ls_ascii_lower (a[i]) != ls_ascii_lower (b[i]))
      return false;
  return true;
}

/* Where R's word is in its string (*LEN bytes; 0 when it is not
   there): a misspelling's own offset (through its notation's marks
   if it has any), else the first place the word stands whole in the
   text, ASCII case aside (a consistency item's "colour" or "can not";
   the item's word may also be a message that is not in the string at
   all).  */
static size_t
word_in_string (const struct ls_result *r, size_t *len)
{
  const char *text = r->str->text;
  size_t text_len = r->str->text_len, n = strlen (r->word);
  *len = n;
  if (r->finding && r->finding->offset <= text_len)
    {
      size_t offset = r->finding->offset;
      if (n <= text_len - offset && memcmp (text + offset, r->word, n) == 0)
	return offset;
      if ((*len = notation_span (text, text_len, offset, r->word)) > 0)
	return offset;
      *len = n;
    }
  for (size_t i = 0; n && i + n <= text_len; i++)
    if (same_ascii_case_aside (text + i, r->word, n)
	&& memchr (text + i, '\0', n) == NULL
	&& (i == 0 || !is_word_byte (text[i - 1]))
	&& (i + n == text_len || !is_word_byte (text[i + n])))
      return i;
  *len = 0;
  return 0;
}

static const char page_style[] =
  "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}"
  "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}"
  "table{border-collapse:collapse;margin:.5em 0}"
  "th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;"
  "vertical-align:top}"
  "th{background:#f2f2f2;cursor:pointer;user-select:none}"
  "th[aria-sort=ascending]::after{content:' \\25B2'}"
  "th[aria-sort=descending]::after{content:' \\25BC'}"
  "td.num{text-align:right;font-variant-numeric:tabular-nums}"
  /* Lines break between words, and inside one only when it does not
     fit (a long path or a run of escapes).  */
  "code{white-space:pre-wrap;overflow-wrap:anywhere}"
  /* That lets the table squeeze a string's column to a few letters:
     give it room for a line of words.  */
  "td.text{min-width:14em}"
  "summary{cursor:pointer}details[open]>summary>code{display:none}"
  "mark{background:#ffe066;color:inherit}"
  "tr.dead{color:#888}"
  ".chart{display:grid;grid-template-columns:max-content 30em max-content;"
  "gap:.25em .75em;align-items:center}"
  ".bar{height:1em;background:#4a7fc1}";

/* Sort a table by the clicked column (again: the other way), stable
   through each row's first position; "#sort=KEY[:desc]" on load.  A
   long string sorts by its full text, not by its snippet.  */
static const char page_script[] =
  "(function () {\n"
  "  'use strict';\n"
  "  function value(row, index, numeric) {\n"
  "    var cell = row.cells[index];\n"
  "    var v = cell.getAttribute('data-value');\n"
  "    var full = cell.querySelector('.full');\n"
  "    if (v === null) v = (full || cell).textContent;\n"
  "    return numeric ? Number(v) : v.toLowerCase();\n"
  "  }\n"
  "  function sortTable(table, index, descending) {\n"
  "    var header = table.tHead.rows[0].cells[index];\n"
  "    var numeric = header.getAttribute('data-type') === 'number';\n"
  "    var body = table.tBodies[0];\n"
  "    var rows = Array.prototype.slice.call(body.rows);\n"
  "    rows.forEach(function (r, i) {\n"
  "      if (!r.hasAttribute('data-order')) r.setAttribute('data-order', i);\n"
  "    });\n"
  "    rows.sort(function (a, b) {\n"
  "      var x = value(a, index, numeric), y = value(b, index, numeric);\n"
  "      var c = x < y ? -1 : x > y ? 1 : 0;\n"
  "      if (descending) c = -c;\n"
  "      return c || a.getAttribute('data-order') - b.getAttribute('data-order');\n"
  "    });\n"
  "    rows.forEach(function (r) { body.appendChild(r); });\n"
  "    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) {\n"
  "      h.removeAttribute('aria-sort');\n"
  "    });\n"
  "    header.setAttribute('aria-sort', descending ? 'descending' : 'ascending');\n"
  "  }\n"
  "  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'),\n"
  "    function (table) {\n"
  "      Array.prototype.forEach.call(table.tHead.rows[0].cells,\n"
  "        function (th, index) {\n"
  "          th.addEventListener('click', function () {\n"
  "            sortTable(table, index, th.getAttribute('aria-sort') === 'ascending');\n"
  "          });\n"
  "        });\n"
  "    });\n"
  "  var m = /^#sort=([a-z_]+)(?::(asc|desc))?$/.exec(window.location.hash);\n"
  "  if (m) {\n"
  "    var th = document.querySelector('table.sortable th[data-key=\"' + m[1] + '\"]');\n"
  "    if (th) sortTable(th.closest('table'), th.cellIndex, m[2] === 'desc');\n"
  "  }\n"
  "})();\n";

static void
write_head (FILE *out)
{
  fputs ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	 "<meta charset=\"utf-8\">\n"
	 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
	 "'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n"
	 "<title>ltospell report</title>\n<style>", out);
  fputs (page_style, out);
  fputs ("</style>\n</head>\n<body>\n<h1>ltospell report</h1>\n", out);
}

static void
write_summary (FILE *out, const struct ls_report_data *d)
{
  fprintf (out, "<p id=\"summary\">%zu string uses, %zu distinct strings, "
	   "%zu distinct words; %zu findings, %zu distinct misspelled "
	   "words; %zu duplicated strings: %zu bytes wasted in copies the "
	   "linker cannot merge (%zu bytes of extra copies are merged by "
	   "the linker).</p>\n",
	   ls_program_n_uses (d->program), ls_program_n_strings (d->program),
	   d->findings->distinct_words, d->results->n,
	   d->results->misspelled_words, d->dups.n,
	   d->dups.wasted_unmergeable, d->dups.wasted_mergeable);
}

/* One header cell: KEY names it in "#sort=KEY", NUMERIC sorts by value.  */
static void
header_cell (FILE *out, const char *key, const char *label, bool numeric)
{
  fprintf (out, "<th data-key=\"%s\"%s>%s</th>", key,
	   numeric ? " data-type=\"number\"" : "", label);
}

/* The first use of R: the word itself when it was found in the source
   (line and column in code points), the path relative to root=.  */
static void
location_cell (FILE *out, const struct ls_result *r,
	       const struct ls_report_data *d)
{
  const struct ls_site *u = &r->str->uses[0];
  fputs ("<td>", out);
  if (u->file)
    {
      char *path = ls_path_from_root (u->file, d->link_dir,
				      d->root);
      html_name (out, path);
      free (path);
      if (r->located && u == r->site)
	fprintf (out, ":%u:%u", r->span.line, r->first_char);
      else
	fprintf (out, ":%u:%u", u->line, u->column);
    }
  fputs ("</td>", out);
}

static void
finding_row (FILE *out, const struct ls_result *r,
	     const struct ls_report_data *d)
{
  const struct ls_string *s = r->str;
  bool dead = ls_string_is_dead (s);
  const struct ls_site *u = &s->uses[0];
  fprintf (out, "<tr%s><td>", dead ? " class=\"dead\"" : "");
  html_name (out, r->word);
  fprintf (out, "</td><td>%s</td><td>", r->tier);
  html_name (out, r->n_suggestions ? r->suggestions[0] : NULL);
  fputs ("</td><td class=\"text\">", out);
  size_t word_len, word = word_in_string (r, &word_len);
  html_string (out, s, word, word_len, false);
  fputs ("</td>", out);
  location_cell (out, r, d);
  fputs ("<td>", out);
  html_name (out, u->function ? u->function : u->variable);
  fputs ("</td><td>", out);
  html_name (out, u->unit);
  fprintf (out, "</td><td class=\"num\">%zu</td><td>%s</td></tr>\n",
	   s->n_uses, dead ? "yes" : "no");
}

static void
write_findings (FILE *out, const struct ls_report_data *d)
{
  fputs ("<h2>Findings</h2>\n<table id=\"findings\" class=\"sortable\">\n"
	 "<thead><tr>", out);
  header_cell (out, "word", "word", false);
  header_cell (out, "tier", "tier", false);
  header_cell (out, "suggestion", "suggestion", false);
  header_cell (out, "string", "string", false);
  header_cell (out, "location", "first use", false);
  header_cell (out, "function", "function or table", false);
  header_cell (out, "unit", "unit", false);
  header_cell (out, "uses", "uses", true);
  header_cell (out, "dead", "dead", false);
  fputs ("</tr></thead>\n<tbody>\n", out);
  for (size_t i = 0; i < d->results->n; i++)
    {
      const struct ls_result *r = &d->results->items[i];
      if (r->str->n_uses)
	finding_row (out, r, d);
    }
  fputs ("</tbody>\n</table>\n", out);
}

static void
write_chart (FILE *out, const ls_dups *d)
{
  fputs ("<h2>Duplicated bytes per unit</h2>\n", out);
  if (d->n_units == 0)
    {
      fputs ("<p>No string has more than one copy.</p>\n", out);
      return;
    }
  size_t max = 1;
  for (size_t i = 0; i < d->n_units; i++)
    if (d->units[i].bytes > max)
      max = d->units[i].bytes;
  fputs ("<div id=\"unit-chart\" class=\"chart\">\n", out);
  for (size_t i = 0; i < d->n_units; i++)
    {
      fputs ("<span class=\"unit\">", out);
      html_name (out, d->units[i].unit);
      /* Tenths of a percent: exact enough, and no locale's decimal
	 point in the style.  */
      size_t permille = d->units[i].bytes * 1000 / max;
      fprintf (out, "</span><div class=\"bar\" style=\"width:%zu.%zu%%\">"
	       "</div><span class=\"bytes\">%zu</span>\n", permille / 10,
	       permille % 10, d->units[i].bytes);
    }
  fputs ("</div>\n", out);
}

static void
write_duplicates (FILE *out, const ls_dups *d)
{
  fputs ("<h2>Duplicated strings</h2>\n<table id=\"duplicates\" "
	 "class=\"sortable\">\n<thead><tr>", out);
  header_cell (out, "text", "string", false);
  header_cell (out, "copies", "copies", true);
  header_cell (out, "bytes", "bytes", true);
  header_cell (out, "wasted", "wasted bytes", true);
  header_cell (out, "mergeable", "mergeable", false);
  header_cell (out, "units", "units", false);
  fputs ("</tr></thead>\n<tbody>\n", out);
  size_t empty = 0;
  for (size_t i = 0; i < d->n; i++)
    {
      const struct ls_dup *dup = &d->items[i];
      /* An empty string makes a row with nothing to read in its first
	 cell; it is only counted, below the table.  */
      if (dup->str->text_len == 0)
	{
	  empty++;
	  continue;
	}
      fputs ("<tr><td class=\"text\">", out);
      html_string (out, dup->str, 0, 0, false);
      fprintf (out, "</td><td class=\"num\">%zu</td><td class=\"num\">"
	       "%zu</td><td class=\"num\">%zu</td><td>%s</td><td>",
	       dup->copies, dup->bytes, dup->wasted_bytes,
	       dup->mergeable ? "yes" : "no");
      for (size_t k = 0; k < dup->n_units; k++)
	{
	  if (k)
	    fputs (", ", out);
	  html_name (out, dup->units[k]);
	}
      fputs ("</td></tr>\n", out);
    }
  fputs ("</tbody>\n</table>\n", out);
  if (empty)
    fprintf (out, "<p id=\"empty-duplicates\">Not shown: %zu empty "
	     "string%s with more than one copy.</p>\n", empty,
	     empty == 1 ? "" : "s");
}

/* S quoted, from its start, or from its end when AT_END (the end of
   a string that another one ends is what the two share).  */
static void
write_quoted_item (FILE *out, const struct ls_string *s, bool at_end)
{
  html_string (out, s, at_end ? s->text_len : 0, 0, true);
}

/* Where the text of A first differs from B's: near-duplicates differ
   in a letter's case, a trailing newline or punctuation, so that is
   where a snippet shows them apart.  */
static size_t
first_difference (const struct ls_string *a, const struct ls_string *b)
{
  size_t i = 0;
  while (i < a->text_len && i < b->text_len && a->text[i] == b->text[i])
    i++;
  return i;
}

static void
write_near_and_tails (FILE *out, const ls_dups *d)
{
  fputs ("<h2>Near-duplicates</h2>\n<ul id=\"near-duplicates\">\n", out);
  for (size_t i = 0; i < d->n_near; i++)
    {
      fputs ("<li>", out);
      for (size_t k = 0; k < d->near[i].n_members; k++)
	{
	  if (k)
	    fputs (", ", out);
	  const struct ls_string *m = d->near[i].members[k];
	  const struct ls_string *other = d->near[i].members[k ? 0 : 1];
	  html_string (out, m, first_difference (m, other), 0, true);
	}
      fputs ("</li>\n", out);
    }
  fputs ("</ul>\n<h2>Tail-merge candidates</h2>\n<ul id=\"tail-merge\">\n",
	 out);
  for (size_t i = 0; i < d->n_suffixes; i++)
    {
      fputs ("<li>", out);
      /* Both at their ends, so the two snippets show the same text.  */
      write_quoted_item (out, d->suffixes[i].suffix, true);
      fputs (" ends ", out);
      write_quoted_item (out, d->suffixes[i].of, true);
      fputs (d->suffixes[i].mergeable ? "" : " (not merged: a named array)",
	     out);
      fputs ("</li>\n", out);
    }
  fputs ("</ul>\n", out);
}

int
ls_write_html (FILE *out, const struct ls_report_data *d)
{
  write_head (out);
  write_summary (out, d);
  write_findings (out, d);
  write_chart (out, &d->dups);
  write_duplicates (out, &d->dups);
  write_near_and_tails (out, &d->dups);
  fprintf (out, "<script>\n%s</script>\n</body>\n</html>\n", page_script);
  return ferror (out) ? -1 : 0;
}
