import type { RuleHit } from "../finding.js";
import type { Rule } from "./rule.js";

/**
 * Framework and platform tasks that drop or rebuild a whole database — `rails db:drop`, `php artisan
 * migrate:fresh`/`db:wipe`, `sequelize db:drop`, `prisma migrate reset`, `supabase db reset`, `django
 * flush` — whatever the program's name: a task word naming the database (db, database, schema,
 * migrate) with a verb that empties it, written `db:drop` or as two words. The data is gone for good;
 * dry runs and help pass.
 */
const NOUN = "(db|database|schema|migrate|migration|migrations)";
const VERB = "(drop|reset|wipe|purge|fresh|flush|truncate|nuke|destroy)";
const JOINED = new RegExp(`^${NOUN}:(${VERB}(:all)?|refresh)$`, "i");
const NOUNS = new RegExp(`^${NOUN}$`, "i");
const VERBS = new RegExp(`^${VERB}$`, "i");
const SAFE = /^(--dry-run|--pretend|--preview|-n|--help|-h|--print|--plan)$/;
const FLUSH_PROGRAMS = /^(manage\.py|django-admin)$/;

function taskHit(task: string): RuleHit {
  return {
    rule: "database.destroy",
    severity: "dangerous",
    reason: `'${task}' drops or empties a whole database, and the data cannot be restored from this machine; run it against a throwaway database the user named, or ask the user to run it.`,
  };
}

export const databaseTaskRule: Rule = ({ name, args }) => {
  const words = args.map((word) => word.value);
  if (words.some((word) => SAFE.test(word))) return undefined;
  const joined = words.find((word) => JOINED.test(word));
  if (joined) return taskHit(`${name} ${joined}`);
  for (let index = 0; index + 1 < words.length; index += 1) {
    if (NOUNS.test(words[index]!) && VERBS.test(words[index + 1]!))
      return taskHit(`${name} ${words[index]} ${words[index + 1]}`);
  }
  // Django's `flush` (and `sqlflush`, which prints it) empties every table.
  const script = FLUSH_PROGRAMS.test(name) ? name : words.find((word) => /(^|\/)manage\.py$/.test(word));
  if (script && words.includes("flush")) return taskHit(`${script.replace(/^.*\//, "")} flush`);
  return undefined;
};
