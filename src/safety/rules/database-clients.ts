import { hasUnknown } from "../extract/expanded-word.js";
import { virtualPath } from "../extract/paths.js";
import type { RuleHit } from "../finding.js";
import { asksForHelp, onlyInformational } from "./informational.js";
import type { RuleInput } from "./rule.js";

/**
 * A database client that runs a statement destroying the data a server (or a database file) holds:
 * `psql -c 'DROP DATABASE prod'`, `mysql -e 'TRUNCATE t'`, `mongosh --eval 'db.dropDatabase()'`,
 * `redis-cli FLUSHALL`, and the programs that exist only to drop (`dropdb`, `mysqladmin drop`).
 * One class: the client is a runner whose code is a query language, read from where the client
 * reads statements (its option, its operands, a file it is given, its standard input), and the
 * statements are judged by what they do to stored data. A statement only known at run time is the
 * client's ordinary use (`psql -f migrate.sql`) and is allowed.
 */

interface Client {
  /** Options whose value is a statement (`-c`, `--command`), also glued (`-cSQL`, `--command=SQL`). */
  readonly statement: readonly string[];
  /** Options whose value names a file of statements. */
  readonly file?: readonly string[];
  /** Options that take a value, so that value is not an operand. */
  readonly valued?: readonly string[];
  /** Operands that are statements, after this many operands (sqlite3's database file). */
  readonly operandStatements?: number;
  /** Operands are one command's words (redis-cli FLUSHALL). */
  readonly operandCommand?: boolean;
  /** File operands are scripts (mongosh file.js). */
  readonly scriptOperands?: RegExp;
  readonly language: "sql" | "mongo" | "redis" | "cypher";
  /** Long options written with one dash (`-cmd`, `-csv`): no short option takes a glued value. */
  readonly singleDashLong?: boolean;
}

const PSQL: Client = {
  statement: ["-c", "--command"],
  file: ["-f", "--file"],
  valued: [
    "-d",
    "--dbname",
    "-h",
    "--host",
    "-p",
    "--port",
    "-U",
    "--username",
    "-v",
    "--set",
    "--variable",
    "-o",
    "--output",
    "-L",
    "--log-file",
    "-P",
    "--pset",
    "-F",
    "-R",
    "-T",
  ],
  language: "sql",
};
const MYSQL: Client = {
  statement: ["-e", "--execute"],
  valued: [
    "-h",
    "--host",
    "-P",
    "--port",
    "-u",
    "--user",
    "-D",
    "--database",
    "-S",
    "--socket",
    "--defaults-file",
    "--defaults-extra-file",
    "--login-path",
  ],
  language: "sql",
};

const CLIENTS: Readonly<Record<string, Client>> = {
  psql: PSQL,
  mysql: MYSQL,
  mariadb: MYSQL,
  sqlite3: {
    statement: ["-cmd"],
    valued: ["-separator", "-newline", "-nullvalue"],
    operandStatements: 1,
    language: "sql",
    singleDashLong: true,
  },
  duckdb: { statement: ["-c", "-cmd", "-s"], operandStatements: 1, language: "sql", singleDashLong: true },
  cqlsh: {
    statement: ["-e", "--execute"],
    file: ["-f", "--file"],
    valued: ["-u", "-p", "-k", "--keyspace"],
    language: "sql",
  },
  "clickhouse-client": {
    statement: ["-q", "--query"],
    valued: ["-h", "--host", "--port", "-u", "--user", "-d", "--database"],
    language: "sql",
  },
  sqlcmd: { statement: ["-Q", "-q"], file: ["-i"], valued: ["-S", "-U", "-P", "-d", "-o"], language: "sql" },
  usql: { statement: ["-c", "--command"], file: ["-f", "--file"], language: "sql" },
  cockroach: {
    statement: ["-e", "--execute"],
    valued: ["--url", "--host", "--database", "-d", "--user", "-u"],
    language: "sql",
  },
  mongosh: {
    statement: ["--eval"],
    file: ["-f", "--file"],
    valued: ["--host", "--port", "-u", "--username", "-p", "--password", "--authenticationDatabase"],
    scriptOperands: /\.js$/,
    language: "mongo",
  },
  mongo: {
    statement: ["--eval"],
    valued: ["--host", "--port", "-u", "--username", "-p", "--password", "--authenticationDatabase"],
    scriptOperands: /\.js$/,
    language: "mongo",
  },
  clickhouse: { statement: ["-q", "--query"], file: ["--queries-file"], language: "sql" },
  sqlplus: { statement: [], scriptOperands: /^@/, language: "sql" },
  bq: { statement: [], operandStatements: 1, language: "sql" },
  snowsql: { statement: ["-q", "--query"], file: ["-f", "--filename"], language: "sql" },
  mycli: { statement: ["-e", "--execute"], valued: ["-h", "-u", "-P", "-D", "-S"], language: "sql" },
  litecli: { statement: ["-e", "--execute"], language: "sql" },
  trino: {
    statement: ["--execute"],
    file: ["-f", "--file"],
    valued: ["--server", "--catalog", "--schema", "--user"],
    language: "sql",
  },
  presto: {
    statement: ["--execute"],
    file: ["-f", "--file"],
    valued: ["--server", "--catalog", "--schema", "--user"],
    language: "sql",
  },
  beeline: {
    statement: ["-e"],
    file: ["-f"],
    valued: ["-u", "-n", "-p", "-d", "--hiveconf", "--hivevar"],
    language: "sql",
  },
  hive: {
    statement: ["-e"],
    file: ["-f"],
    valued: ["--hiveconf", "--hivevar", "-d", "--define"],
    language: "sql",
  },
  "spark-sql": { statement: ["-e"], file: ["-f"], valued: ["--master", "--conf", "--name"], language: "sql" },
  "impala-shell": {
    statement: ["-q", "--query"],
    file: ["-f", "--query_file"],
    valued: ["-i", "-d", "-u"],
    language: "sql",
  },
  vsql: {
    statement: ["-c", "--command"],
    file: ["-f", "--file"],
    valued: ["-h", "-U", "-d", "-p", "-w"],
    language: "sql",
  },
  "mssql-cli": {
    statement: ["-Q", "--query"],
    file: ["-i", "--input_file"],
    valued: ["-S", "-U", "-P", "-d"],
    language: "sql",
  },
  osql: { statement: ["-Q", "-q"], file: ["-i"], valued: ["-S", "-U", "-P", "-d"], language: "sql" },
  dolt: { statement: ["-q", "--query"], file: ["--file"], language: "sql" },
  wrangler: { statement: ["--command"], file: ["--file"], language: "sql" },
  turso: { statement: [], operandStatements: 3, language: "sql" },
  "sqlite-utils": { statement: [], operandStatements: 2, language: "sql" },
  influx: {
    statement: ["-execute"],
    valued: ["-host", "-port", "-database", "-username", "-password"],
    language: "sql",
    singleDashLong: true,
  },
  "cypher-shell": {
    statement: [],
    file: ["-f", "--file"],
    valued: ["-a", "--address", "-u", "--username", "-p", "--password", "-d", "--database", "--format"],
    operandStatements: 0,
    language: "cypher",
  },
  "keydb-cli": {
    statement: [],
    valued: ["-h", "-p", "-a", "-n", "-u", "-s", "--user", "--pass", "-r", "-i"],
    operandCommand: true,
    language: "redis",
  },
  "redis-cli": {
    statement: [],
    valued: ["-h", "-p", "-a", "-n", "-u", "-s", "--user", "--pass", "-r", "-i", "--tls-cert"],
    operandCommand: true,
    language: "redis",
  },
  "valkey-cli": {
    statement: [],
    valued: ["-h", "-p", "-a", "-n", "-u", "-s", "--user", "--pass", "-r", "-i"],
    operandCommand: true,
    language: "redis",
  },
};

/** Statements that destroy stored data, by language. */
const SQL_DESTROYS: readonly [RegExp, string][] = [
  [
    /\bdrop\s+(database|schema|table|keyspace|tablespace|owned|catalog|collection|user|role|measurement|series|shard|retention\s+policy)\b/i,
    "drops a database, schema, table or account",
  ],
  [/\btruncate\s+(table\s+)?[\w"`.[\]]+/i, "empties a table"],
  [/\balter\s+table\s+[\w"`.[\]]+\s+drop\b/i, "drops a column or constraint, with its data"],
  [/\bdelete\s+from\s+[\w"`.[\]]+\s*(;|$)/i, "deletes every row of a table (no WHERE)"],
  [
    /\b(delete\s+from|update)\s+[\w"`.[\]]+\s+(set\s+[^;]*?)?where\s+(1\s*=\s*1|true|1|''\s*=\s*''|\d+\s*>\s*0)\s*(;|$)/i,
    "changes every row of a table (the WHERE clause is always true)",
  ],
  [/\bupdate\s+[\w"`.[\]]+\s+set\s+(?:(?!\bwhere\b)[^;])*(;|$)/i, "rewrites every row of a table (no WHERE)"],
];
const MONGO_DESTROYS: readonly [RegExp, string][] = [
  [/\.\s*(dropDatabase|drop|dropAllUsers|dropAllRoles|dropIndexes)\s*\(/, "drops a database or collection"],
  [/\.\s*(deleteMany|remove)\s*\(\s*(\{\s*\})?\s*[,)]/, "deletes every document of a collection"],
];
const CYPHER_DESTROYS: readonly [RegExp, string][] = [
  [/\bmatch\s*\(\s*\w*\s*\)\s*(detach\s+)?delete\b/i, "deletes every node of the graph"],
  [/\bdrop\s+(database|graph)\b/i, "drops a database"],
];
const REDIS_DESTROYS = /^(flushall|flushdb)$/i;

/** SQL with comments and quoted text taken out, so a word inside a string is not a statement. */
function sqlCode(text: string): string {
  return text
    .replace(/--[^\n]*/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/'(?:[^']|'')*'/g, "''");
}

/** What a statement text in that language does to the stored data, or undefined when it destroys none. */
export function judgeDatabaseText(language: Client["language"], text: string): string | undefined {
  return judgeText(language, text);
}

function judgeText(language: Client["language"], text: string): string | undefined {
  if (language === "redis") {
    for (const line of text.split("\n")) {
      const [command] = line.trim().split(/\s+/);
      if (command && REDIS_DESTROYS.test(command))
        return `runs ${command.toUpperCase()}, which deletes every key`;
      // A Lua script (EVAL, FUNCTION LOAD) reaches every command through redis.call.
      if (command && /^(eval|eval_ro|function)$/i.test(command) && /\bflush(all|db)\b/i.test(line))
        return `runs a script that calls ${/flushdb/i.test(line) ? "FLUSHDB" : "FLUSHALL"}, which deletes every key`;
    }
    return undefined;
  }
  const code = language === "sql" || language === "cypher" ? sqlCode(text) : text;
  const table = language === "sql" ? SQL_DESTROYS : language === "cypher" ? CYPHER_DESTROYS : MONGO_DESTROYS;
  for (const [pattern, what] of table) {
    const found = pattern.exec(code);
    if (found) return `runs '${found[0].trim().replace(/\s+/g, " ")}', which ${what}`;
  }
  return undefined;
}

/**
 * The client option a word is: `--command`, `--command=SQL`, and for getopt-style clients a short
 * option with its value glued on (`-cSQL`); sqlite3 and duckdb spell long options with one dash.
 */
function optionOf(client: Client, word: string): string | undefined {
  const options = [...client.statement, ...(client.file ?? []), ...(client.valued ?? [])];
  const exact = options.find(
    (name) => word === name || (name.startsWith("--") && word.startsWith(`${name}=`)),
  );
  if (exact !== undefined || client.singleDashLong) return exact;
  return options.find(
    (name) => name.length === 2 && !word.startsWith("--") && word.startsWith(name) && word.length > 2,
  );
}

/** The statement texts a client is given on its command line, in files it is given, and on stdin. */
function statementTexts(client: Client, input: RuleInput): string[] {
  const { args, invocation, scope } = input;
  const texts: string[] = [];
  const operands: string[] = [];
  const fileText = (name: string) => {
    const resolved = virtualPath(name, scope);
    return resolved === undefined ? undefined : scope.files.get(resolved);
  };
  const add = (text: string | undefined) => {
    if (text !== undefined && !hasUnknown(text)) texts.push(text);
  };
  const words = args.map((word) => word.value);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const option = optionOf(client, word);
    if (option === undefined) {
      if (word === "--") {
        operands.push(...words.slice(index + 1));
        break;
      }
      if (!word.startsWith("-") || word === "-") operands.push(word);
      continue;
    }
    let value: string | undefined;
    if (word === option) {
      value = words[index + 1];
      index += 1;
    } else value = word.slice(option.length + (word[option.length] === "=" ? 1 : 0));
    if (value === undefined) continue;
    if (client.statement.includes(option)) add(value);
    else if (client.file?.includes(option)) add(fileText(value));
  }
  if (client.operandCommand) add(operands.join(" "));
  if (client.operandStatements !== undefined)
    for (const text of operands.slice(client.operandStatements)) add(text);
  if (client.scriptOperands)
    for (const name of operands.filter((item) => client.scriptOperands!.test(item)))
      add(fileText(name.replace(/^@/, "")));
  add(invocation.stdin?.read());
  return texts;
}

/** Programs that exist to drop a database or account on a server. */
function dropperHit(name: string, words: readonly string[]): string | undefined {
  if (name === "dropdb" || name === "dropuser")
    return words.some((word) => !word.startsWith("-")) ? `drops a database or role on the server` : undefined;
  // Framework tasks that drop or reset the application's database (rails/rake db:drop, db:reset,
  // prisma migrate reset, which asks unless --force), and etcd's delete of every key.
  if (
    (name === "rails" || name === "rake") &&
    words.some((word) => /^db:(drop|reset|purge|schema:load|truncate_all)(:|$)/.test(word))
  )
    return "drops or resets the application's database";
  if (name === "prisma" || (name === "npx" && words[0] === "prisma")) {
    const rest = name === "npx" ? words.slice(1) : words;
    if (/^(migrate)$/.test(rest[0] ?? "") && rest[1] === "reset")
      return "drops the database and re-creates it from the migrations";
    if (rest[0] === "db" && rest[1] === "push" && rest.includes("--force-reset"))
      return "resets the database";
  }
  if (
    name === "etcdctl" &&
    words[0] === "del" &&
    (words.includes("--prefix") || words.includes("--from-key")) &&
    words.slice(1).some((word) => word === "" || word === "/")
  )
    return "deletes every key of the store";
  if (name === "mysqladmin") {
    const drop = words.findIndex((word) => /^drop$/i.test(word));
    return drop !== -1 && words[drop + 1] !== undefined ? "drops a database on the server" : undefined;
  }
  return undefined;
}

export function databaseClientRule(input: RuleInput): RuleHit | undefined {
  const { name, args } = input;
  const words = args.map((word) => word.value);
  if (onlyInformational(words, ["-V", "-?"]) || asksForHelp(words)) return undefined;
  const dropped = dropperHit(name, words);
  const client = Object.hasOwn(CLIENTS, name) ? CLIENTS[name] : undefined;
  const what =
    dropped ??
    (client
      ? statementTexts(client, input)
          .map((text) => judgeText(client.language, text))
          .find((item) => item !== undefined)
      : undefined);
  if (what === undefined) return undefined;
  return {
    rule: "database.destroy",
    severity: "dangerous",
    reason: `'${name}' ${what}: data the database holds is gone for good, which cannot be undone from this machine; run a read-only query, scope the statement (a WHERE clause), or ask the user to run it.`,
  };
}
