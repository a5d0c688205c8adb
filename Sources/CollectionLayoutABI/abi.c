/* Makes the public header (include/collectionlayout.h, linked into this target's include/) a
 * module the Swift export layer imports, so `@c @implementation` checks every exported function
 * against it. SwiftPM wants one source file in a C target; this is it. */
#include "collectionlayout.h"
