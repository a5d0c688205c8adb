# bench/malloc.sh — sourced by bench/run and bench/ab: how malloc behaves while they measure.
#
# glibc returns large freed blocks to the kernel and maps fresh, zero-filled pages for the next
# ones, so back-to-back layouts would time the kernel's page faults as often as the layout, by
# chance of allocator state (C and Python processes differ). Both sides run with malloc keeping
# freed memory; the cost of first-touch pages is the "fresh output" row of the C loop.
export GLIBC_TUNABLES=${GLIBC_TUNABLES:-glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296}
