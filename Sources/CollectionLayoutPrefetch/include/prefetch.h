#ifndef COLLECTIONLAYOUT_PREFETCH_H
#define COLLECTIONLAYOUT_PREFETCH_H

/* A hint to the processor that the cache line at `address` will be read soon (it does not fault
 * on any address and changes nothing). Swift has no prefetch of its own; the engine imports this
 * one header for it. */
static inline void cl_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
