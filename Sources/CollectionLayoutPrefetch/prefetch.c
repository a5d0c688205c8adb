/* SwiftPM wants one source file in a C target; the target is its header (include/prefetch.h). */
#include "prefetch.h"
