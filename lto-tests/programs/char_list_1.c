/* A help text written as a list of character constants, one line of
   text a source line, as less's mkhelp.pl generates it: GCC makes one
   string of it, located at the name of the array; the warnings point
   at the misspelled word's constants.  */

const char helptext[] = {
'\n',
' ',' ','C','O','M','M','A','N','D','S','\n',
'\n',
' ',' ','q',' ',' ',' ','Q','u','i','t',' ','w','i','t','h','o','u','t',' ','s','a','v','i','n','g','.','\n',
' ',' ','s',' ',' ',' ','S','a','v','e',' ','t','h','e',' ','f','i','l','e',' ','u','n','t','i','l','l',' ','t','h','e',' ','e','n','d','.','\n', /* { ltospell-warning "untill" } { ltospell-note "in the initializer of 'helptext' (unit lto-tests/programs/char_list_1.c), referenced by 'main'" } */
' ',' ','h',' ',' ',' ','S','h','o','w',' ','t','h','i','s',' ','t','e','x','t','.','\n',
/* é */ ' ',' ','n',' ',' ',' ','G','o',' ','t','o',' ','t','h','e',' ','n','e','x','t',' ','o','c','c','u','r','e','n','c','e','.','\n', /* { ltospell-warning "occurence" } { ltospell-note "in the initializer of 'helptext' (unit lto-tests/programs/char_list_1.c), referenced by 'main'" } */
0 };
const int size_helptext = sizeof (helptext) - 1;
