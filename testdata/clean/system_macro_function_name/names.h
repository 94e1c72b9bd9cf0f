/* Renames the program's function, as gnulib's string.h renames strerror_r
 * to rpl_strerror_r: a header gcc treats as a system one. */
#pragma GCC system_header
#define describe rpl_describe
