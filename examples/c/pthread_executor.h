/*
 * pthread_executor.h — an executor over POSIX threads for CollectionLayout (cl_executor).
 *
 * A host with a job system of its own (enkiTS, Jolt's JobSystem, a game engine's task graph)
 * writes its cl_executor over it instead; this one is a small, complete example: a pool of
 * `workers - 1` threads started once, and the calling thread as the last worker. Each
 * parallel_for wakes the pool, every thread takes task indices from one atomic counter until
 * none are left, and parallel_for returns when every task has returned. A pool thread that wakes
 * after the calling thread has taken every index does not join: on busy cores the caller does
 * the work itself rather than wait for a thread to be scheduled.
 *
 *     pthread_executor *pool = pthread_executor_create(2);
 *     cl_executor executor = pthread_executor_get(pool);
 *     cl_layout_set_executor(layout, &executor);
 *     ...
 *     cl_layout_set_executor(layout, NULL);  // before the pool goes
 *     pthread_executor_destroy(pool);
 *
 * One pool may serve several layouts, also from several threads: a parallel_for waits for the
 * one under way to end (the library never nests them).
 */
#ifndef PTHREAD_EXECUTOR_H
#define PTHREAD_EXECUTOR_H

#include "collectionlayout.h"

typedef struct pthread_executor pthread_executor;

/* A pool that runs tasks on `workers` threads, the calling one included (workers >= 1; 1 runs
 * every task on the calling thread). NULL if a thread could not be started. */
pthread_executor *pthread_executor_create(int workers);
/* Stops and joins the threads. No parallel_for may be under way. NULL: nothing. */
void pthread_executor_destroy(pthread_executor *pool);
/* The cl_executor that hands tasks to the pool (concurrency = workers). */
cl_executor pthread_executor_get(pthread_executor *pool);

#endif
