void limit_tests(void) {}
