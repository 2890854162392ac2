import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic jobs (see jobs/scheduler.ts): declared by features, started once the app is ready. */
    scheduler: Scheduler;
  }
}

export interface JobOptions {
  /** Also run once as soon as the app is ready (not only after the first interval). */
  runOnStart?: boolean;
}

/**
 * The one place that starts periodic work. A feature declares a job with `every`; the timers start
 * when the app is ready (never in tests, which trigger a job with `run`) and are all cleared on
 * close. A failing run is logged and never crashes the process; a run is skipped while the previous
 * one of the same job is still going.
 */
export interface Scheduler {
  every(name: string, everyMs: number, job: () => Promise<unknown>, options?: JobOptions): void;
  /** Runs one job now and waits for it (tests, and the timers). Throws what the job throws. */
  run(name: string): Promise<unknown>;
  /** Keeps a job's timer from running it (tests, or a process that must not run it). */
  disable(name: string): void;
  /** The declared jobs' names. */
  names(): string[];
}

interface Job {
  everyMs: number;
  job: () => Promise<unknown>;
  runOnStart: boolean;
  enabled: boolean;
  running: Promise<unknown> | null;
}

export interface SchedulerOptions {
  /** Whether timers start when the app is ready (false in tests). */
  timers: boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export function createScheduler(options: SchedulerOptions): Scheduler & {
  start(): void;
  stop(): Promise<void>;
} {
  const jobs = new Map<string, Job>();
  const timers = new Set<NodeJS.Timeout>();
  let started = false;

  const find = (name: string): Job => {
    const job = jobs.get(name);
    if (!job) throw new Error(`scheduler: no job named ${name}`);
    return job;
  };

  const tick = (name: string, job: Job) => {
    if (!job.enabled || job.running) return;
    job.running = job
      .job()
      .catch((err: unknown) => options.log.error({ err, job: name }, `job ${name} failed`))
      .finally(() => {
        job.running = null;
      });
  };

  const schedule = (name: string, job: Job) => {
    const timer = setInterval(() => tick(name, job), job.everyMs);
    timer.unref();
    timers.add(timer);
    if (job.runOnStart) tick(name, job);
  };

  return {
    every(name, everyMs, job, jobOptions = {}) {
      if (jobs.has(name)) throw new Error(`scheduler: two jobs named ${name}`);
      const entry: Job = {
        everyMs,
        job,
        runOnStart: jobOptions.runOnStart ?? false,
        enabled: true,
        running: null,
      };
      jobs.set(name, entry);
      if (started) schedule(name, entry);
    },
    async run(name) {
      return find(name).job();
    },
    disable(name) {
      find(name).enabled = false;
    },
    names() {
      return [...jobs.keys()];
    },
    start() {
      if (started || !options.timers) return;
      started = true;
      for (const [name, job] of jobs) schedule(name, job);
    },
    async stop() {
      started = false;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.allSettled([...jobs.values()].map((job) => job.running));
    },
  };
}

/** Decorates `app.scheduler`; timers start on ready (outside tests) and are cleared on close. */
export const schedulerPlugin = fp(
  async (app) => {
    const scheduler = createScheduler({ timers: app.ctx.config.env !== 'test', log: app.log });
    app.decorate('scheduler', scheduler as Scheduler);
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', () => scheduler.stop());
  },
  { name: 'scheduler', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);
