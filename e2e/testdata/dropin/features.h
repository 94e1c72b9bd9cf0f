#pragma once
static int header_level(void) { return __INCLUDE_LEVEL__; }
