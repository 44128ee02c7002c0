/* Shared by the C floors (stdio/pipefloor.c, zeropeer/zerofloor.c): a monotonic clock in
 * microseconds and qsort's order for doubles. Plain C that also compiles as C++. */
#pragma once

#include <time.h>

static inline double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static inline int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
