void style_tests(void) {}
