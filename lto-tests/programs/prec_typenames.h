typedef struct zorbfile
{
  int fd;
} zorbfile_t;

struct quuxblock
{
  int n;
};

int use_file (zorbfile_t *f, struct quuxblock *b);
