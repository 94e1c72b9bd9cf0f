/* A library's API, in a system header (as libpng's and libjpeg's are):
 * it fills n rows of w samples each, which rows points to; and those of
 * c colour components (libjpeg's JSAMPIMAGE). */
void rows_fill(unsigned char **rows, int n, int w);
void planes_fill(unsigned char ***planes, int c, int n, int w);
/* row i of w samples in a block of rows */
unsigned char *row_at(const unsigned char *rows, int i, int w);
