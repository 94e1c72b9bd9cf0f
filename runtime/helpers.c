/*
 * The hot-path helpers of memlens.h, out of line, for the unoptimised
 * detection units of programs (PIE): those call this copy instead of
 * compiling one each (memlens.h, __ML_INLINE). The bodies are the ones such
 * a unit would compile, those of an unoptimised build, each compiled
 * optimised (its optimize attribute) as the unit's own were.
 */
#undef __OPTIMIZE__
#define __ML_HELPERS 1
#include "memlens.h"
