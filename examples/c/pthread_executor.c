/* pthread_executor.c — see pthread_executor.h. C11 atomics and POSIX threads. */
#define _POSIX_C_SOURCE 200809L
#include "pthread_executor.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct pthread_executor {
    int workers;               /* threads that run tasks, the caller of parallel_for included */
    pthread_t *threads;        /* workers - 1 of them */
    pthread_mutex_t job_lock;  /* one parallel_for at a time */
    pthread_mutex_t lock;      /* what follows, but `next` */
    pthread_cond_t wake;       /* a new job, or stop */
    pthread_cond_t done;       /* a thread left the job */
    unsigned long generation;  /* the job's number */
    unsigned long closed;      /* the last job no thread may join any more */
    int stop;
    int active;                /* pool threads in the job */
    void (*task)(void *, int64_t);
    void *task_context;
    int64_t count;
    atomic_llong next;         /* the next task index to take */
};

/* Takes task indices until none are left (the job's threads share one counter). */
static void run_tasks(pthread_executor *pool, void (*task)(void *, int64_t), void *context, int64_t count) {
    for (;;) {
        const long long i = atomic_fetch_add_explicit(&pool->next, 1, memory_order_relaxed);
        if (i >= count) return;
        task(context, (int64_t)i);
    }
}

static void *worker(void *arg) {
    pthread_executor *pool = arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stop && pool->generation == seen) pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->stop) break;
        seen = pool->generation;
        if (pool->closed == seen) continue;  /* woken too late: the caller did the job */
        void (*task)(void *, int64_t) = pool->task;
        void *context = pool->task_context;
        const int64_t count = pool->count;
        pool->active++;
        pthread_mutex_unlock(&pool->lock);
        run_tasks(pool, task, context, count);
        pthread_mutex_lock(&pool->lock);
        pool->active--;
        pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

static void parallel_for(void *context, int64_t count, void (*task)(void *, int64_t), void *task_context) {
    pthread_executor *pool = context;
    if (count <= 0) return;
    if (pool->workers == 1 || count == 1) {  /* nothing to share: no hand-off */
        for (int64_t i = 0; i < count; i++) task(task_context, i);
        return;
    }
    pthread_mutex_lock(&pool->job_lock);
    pthread_mutex_lock(&pool->lock);
    pool->task = task;
    pool->task_context = task_context;
    pool->count = count;
    atomic_store_explicit(&pool->next, 0, memory_order_relaxed);
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    run_tasks(pool, task, task_context, count);
    /* Every index is taken. Close the job, so that a pool thread not yet awake (busy cores: it
     * may wake much later) never joins it, and wait only for those in it to finish their tasks.
     * The caller never waits for a thread to be scheduled when there is nothing left to do. */
    pthread_mutex_lock(&pool->lock);
    pool->closed = pool->generation;
    while (pool->active > 0) pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
    pthread_mutex_unlock(&pool->job_lock);
}

pthread_executor *pthread_executor_create(int workers) {
    if (workers < 1) workers = 1;
    pthread_executor *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pool->workers = workers;
    pthread_mutex_init(&pool->job_lock, NULL);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    atomic_init(&pool->next, 0);
    pool->threads = calloc((size_t)workers, sizeof *pool->threads);
    if (!pool->threads) {
        free(pool);
        return NULL;
    }
    for (int k = 0; k < workers - 1; k++) {
        if (pthread_create(&pool->threads[k], NULL, worker, pool) != 0) {
            pool->workers = k + 1;  /* the threads started so far are joined */
            pthread_executor_destroy(pool);
            return NULL;
        }
    }
    return pool;
}

void pthread_executor_destroy(pthread_executor *pool) {
    if (!pool) return;
    pthread_mutex_lock(&pool->lock);
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int k = 0; k < pool->workers - 1; k++) pthread_join(pool->threads[k], NULL);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->done);
    pthread_mutex_destroy(&pool->lock);
    pthread_mutex_destroy(&pool->job_lock);
    free(pool->threads);
    free(pool);
}

cl_executor pthread_executor_get(pthread_executor *pool) {
    cl_executor executor = cl_executor_default();
    executor.context = pool;
    executor.parallel_for = parallel_for;
    executor.concurrency = pool ? pool->workers : 1;
    return executor;
}
