#include <criterion/criterion.h>
Test(x, y) { cr_assert(1); }
