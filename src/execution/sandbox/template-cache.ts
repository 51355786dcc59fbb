import { type CommandTemplate, fitTemplate, instantiateTemplate, templateId } from "./command-template.js";

/** One wrap of the fixed script, as the library made it; `retire` gives its mount points back. */
export interface TemplateSample {
  readonly argv: readonly string[];
  retire(): void;
}

export interface TemplateCacheOptions {
  /** Wraps the fixed script under `id`. */
  readonly sample: (id: string) => Promise<TemplateSample>;
  /** Fresh random bytes (ids). */
  readonly random: (size: number) => Buffer;
  /**
   * How old a template may grow before the next command starts a fresh wrap in the background:
   * what the library found on disk (the repositories whose hooks it protects, which `deny_read`
   * entries exist) is that old at most, plus the wrap's own time.
   */
  readonly maxAgeMs: number;
  readonly now?: () => number;
}

/** The argv one command runs under, the id it carries, and its release. */
export interface TemplateUse {
  readonly argv: readonly string[];
  readonly id: string;
  /** Once the command has exited or failed to start. */
  done(): void;
}

export interface TemplateCache {
  /** A use of the current template; undefined when templates do not fit this library (wrap each command). */
  acquire(): Promise<TemplateUse | undefined>;
  /** Retires every wrap, after the commands have ended. */
  close(): Promise<void>;
}

interface Generation {
  readonly first: { readonly id: string; readonly sample: TemplateSample };
  readonly samples: TemplateSample[];
  readonly madeAt: number;
  /** Settles once the second wrap decided whether the first is a template. */
  ready: Promise<void>;
  template: CommandTemplate | undefined;
  users: number;
  retired: boolean;
}

/**
 * The wraps of one instance and one shell: made once, checked once by a second wrap, then reused
 * for every command with only its id substituted, and made again in the background when older than
 * `maxAgeMs`. The first command runs under the first wrap itself, so it waits for one wrap, not two.
 */
export function createTemplateCache(options: TemplateCacheOptions): TemplateCache {
  const now = options.now ?? (() => performance.now());
  let current: Generation | undefined;
  let building: Promise<Generation> | undefined;
  let unfit = false;
  let closed = false;
  const all = new Set<Generation>();

  const retire = (generation: Generation) => {
    if (generation.retired) return;
    generation.retired = true;
    all.delete(generation);
    for (const sample of generation.samples) sample.retire();
  };
  const retireIfIdle = (generation: Generation) => {
    if (generation !== current && generation.users === 0) retire(generation);
  };

  const build = async (): Promise<Generation> => {
    const id = templateId(options.random);
    const sample = await options.sample(id);
    const generation: Generation = {
      first: { id, sample },
      samples: [sample],
      madeAt: now(),
      ready: Promise.resolve(),
      template: undefined,
      users: 0,
      retired: false,
    };
    all.add(generation);
    generation.ready = (async () => {
      const secondId = templateId(options.random);
      try {
        const second = await options.sample(secondId);
        generation.samples.push(second);
        generation.template = fitTemplate({ argv: sample.argv, id }, { argv: second.argv, id: secondId });
      } catch {
        generation.template = undefined;
      }
    })();
    return generation;
  };

  const use = (generation: Generation, argv: readonly string[], id: string): TemplateUse => {
    generation.users += 1;
    let done = false;
    return {
      argv,
      id,
      done: () => {
        if (done) return;
        done = true;
        generation.users -= 1;
        retireIfIdle(generation);
      },
    };
  };

  const refresh = () => {
    building = build();
    building.then(
      async (fresh) => {
        await fresh.ready;
        building = undefined;
        if (closed || !fresh.template) {
          retire(fresh);
          return;
        }
        const old = current;
        current = fresh;
        if (old) retireIfIdle(old);
      },
      () => {
        building = undefined;
      },
    );
  };

  return {
    async acquire() {
      if (closed) throw new Error("the sandbox is closed");
      if (unfit) return undefined;
      if (!current && !building) {
        const first = build();
        building = first;
        let generation: Generation;
        try {
          generation = await first;
        } finally {
          if (building === first) building = undefined;
        }
        current = generation;
        return use(generation, generation.first.sample.argv, generation.first.id);
      }
      if (!current) await building?.catch(() => undefined);
      const generation = current;
      if (!generation) return this.acquire();
      await generation.ready;
      if (!generation.template) {
        unfit = true;
        current = undefined;
        retireIfIdle(generation);
        return undefined;
      }
      if (now() - generation.madeAt > options.maxAgeMs && !building && !closed) refresh();
      const id = templateId(options.random);
      return use(generation, instantiateTemplate(generation.template, id), id);
    },
    async close() {
      closed = true;
      await building?.catch(() => undefined);
      await Promise.all([...all].map((generation) => generation.ready));
      current = undefined;
      for (const generation of [...all]) retire(generation);
    },
  };
}
