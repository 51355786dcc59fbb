import { invocationOutput } from "../extract/static-output.js";
import type { RuleHit } from "../finding.js";
import { judgeDatabaseText } from "./database-clients.js";
import { asksForHelp } from "./informational.js";
import { SOCKET_CLIENTS } from "./network-senders.js";
import type { Rule, RuleInput } from "./rule.js";

/**
 * Database-destroying requests sent over a general network client rather than the database's own:
 * a Redis or memcached command written to a raw socket (`printf 'FLUSHALL\r\n' | nc cache 6379`, a
 * redirect to bash's `/dev/tcp/HOST/PORT`), an HTTP DELETE of a whole index, database or key tree
 * (`curl -XDELETE es:9200/logs-*`, consul's `?recurse`), SQL in an HTTP query API (InfluxDB's `q=`,
 * ClickHouse's `query=`), and the stores' admin commands that drop everything they hold (`consul kv
 * delete -recurse`, `pg_dropcluster`, `kafka-topics --delete`). The protocol is judged, not the
 * client's name: any program that carries these bytes to the server does the same damage.
 */

function hit(what: string): RuleHit {
  return {
    rule: "database.destroy",
    severity: "dangerous",
    reason: `${what}: data the database holds is gone for good, which cannot be undone from this machine; scope the request to one record, run a read-only query, or ask the user to run it.`,
  };
}

/** Text protocols spoken over a raw socket: Redis's inline and RESP commands, memcached's flush_all. */
function wireText(text: string): string | undefined {
  const lines = text.replaceAll("\r", "").split("\n");
  for (const line of lines) {
    const command = line.trim().split(/\s+/)[0] ?? "";
    if (/^(flushall|flushdb)$/i.test(command))
      return `sends ${command.toUpperCase()}, which deletes every key`;
    if (/^flush_all$/i.test(command)) return "sends memcached's flush_all, which drops every item";
    const request = /^DELETE\s+(\S+)\s+HTTP\//i.exec(line.trim());
    if (request && wholeStorePath(request[1]!, undefined)) return `sends 'DELETE ${request[1]}'`;
  }
  const redis = judgeDatabaseText("redis", lines.join("\n"));
  return redis === undefined ? undefined : redis.replace(/^runs/, "sends");
}

/** Ports of databases and stores with an HTTP API. */
const DATABASE_PORTS = new Set([
  "9200", // Elasticsearch, OpenSearch
  "5984", // CouchDB
  "8086", // InfluxDB
  "8500", // Consul
  "2379", // etcd
  "8123", // ClickHouse
  "6333", // Qdrant
  "8529", // ArangoDB
  "8983", // Solr
  "7474", // Neo4j
  "8091", // Couchbase
  "8108", // Typesense
  "7700", // Meilisearch
  "8087", // Riak
  "4200", // CrateDB
]);

interface Url {
  readonly port: string | undefined;
  readonly path: string;
  readonly query: string;
}

function parseUrl(value: string): Url | undefined {
  const match =
    /^(?:[a-z][\w+.-]*:\/\/)?(?:[^@/\s]*@)?(\[[^\]]*\]|[\w.-]+)(?::(\d+))?(\/[^?#\s]*)?(?:\?([^#\s]*))?/i.exec(
      value,
    );
  if (!match || (!value.includes("://") && match[2] === undefined && match[3] === undefined))
    return undefined;
  return { port: match[2], path: match[3] ?? "/", query: match[4] ?? "" };
}

/**
 * A DELETE of this path removes a whole store: a wildcard or `_all` segment, consul's `?recurse`,
 * or (on a database's port) the top level itself, an index or a database, not one record in it.
 */
function wholeStorePath(path: string, url: Url | undefined): boolean {
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.some((segment) => /[*]|^_all$/.test(segment))) return true;
  if (url && /(^|&)recurse(=|&|$)/.test(url.query)) return true;
  return url?.port !== undefined && DATABASE_PORTS.has(url.port) && segments.length <= 1;
}

const HTTP_CLIENTS = new Set(["curl", "wget", "http", "https", "xh", "xhs", "httpie"]);
const HTTPIE_METHOD = /^(get|post|put|patch|delete|head|options)$/i;

/** The method and URLs of an HTTP client's request, and the bodies it sends. */
function httpRequest(
  name: string,
  words: readonly string[],
): { method: string; urls: Url[]; bodies: string[] } {
  let method = "GET";
  const urls: Url[] = [];
  const bodies: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const next = words[index + 1];
    if (name === "curl" && (word === "-X" || word === "--request") && next !== undefined) {
      method = next;
      index += 1;
    } else if (name === "curl" && /^-X./.test(word)) method = word.slice(2);
    else if (/^--(request|method)=/.test(word)) method = word.replace(/^[^=]*=/, "");
    else if (word === "--method" && next !== undefined) {
      method = next;
      index += 1;
    } else if (/^(-d|--data[\w-]*|--json|--body-data|--post-data)$/.test(word) && next !== undefined) {
      bodies.push(next);
      index += 1;
    } else if (/^(--data[\w-]*|--json|--body-data|--post-data)=/.test(word))
      bodies.push(word.replace(/^[^=]*=/, ""));
    else if (/^-d./.test(word) && name === "curl") bodies.push(word.slice(2));
    else if (!word.startsWith("-")) {
      if (name !== "curl" && name !== "wget" && urls.length === 0 && HTTPIE_METHOD.test(word)) {
        method = word;
        continue;
      }
      const url = parseUrl(word);
      if (url) urls.push(url);
      // HTTPie's `key=value` items after the URL are the body.
      else if (name !== "curl" && name !== "wget" && urls.length > 0) bodies.push(word);
    }
  }
  return { method: method.toUpperCase(), urls, bodies };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

function httpHit(name: string, words: readonly string[]): RuleHit | undefined {
  const { method, urls, bodies } = httpRequest(name, words);
  for (const url of urls) {
    if (method === "DELETE" && wholeStorePath(url.path, url))
      return hit(
        `'${name}' sends DELETE ${url.path}${url.query ? `?${url.query}` : ""}, which removes a whole index, database or key tree`,
      );
    // Elasticsearch's delete-by-query with a query matching every document.
    if (/\/_delete_by_query$/.test(url.path) && bodies.some((body) => /match_all/.test(body)))
      return hit(`'${name}' sends a delete-by-query matching every document`);
    if (url.port === undefined || !DATABASE_PORTS.has(url.port)) continue;
    // SQL carried by a database's HTTP query API, in the query string or the body.
    const texts = [
      ...url.query
        .split("&")
        .filter((pair) => /^(q|query|sql|stmt)=/i.test(pair))
        .map((pair) => decoded(pair.replace(/^[^=]*=/, ""))),
      ...bodies,
    ];
    for (const text of texts) {
      const what = judgeDatabaseText("sql", text);
      if (what) return hit(`'${name}' ${what}`);
    }
  }
  return undefined;
}

/** Stores' own admin commands that drop everything they hold (or a whole named part of it). */
const ADMIN_PROGRAMS = new Set(
  "pg_dropcluster consul kafka-topics kafka-topics.sh rabbitmqctl influx zkCli zkCli.sh zookeeper-shell zookeeper-shell.sh memcflush bq heroku turso wrangler".split(
    " ",
  ),
);

function adminHit(name: string, words: readonly string[]): RuleHit | undefined {
  if (!ADMIN_PROGRAMS.has(name)) return undefined;
  const verbs = words.filter((word) => !word.startsWith("-"));
  const has = (flag: RegExp) => words.some((word) => flag.test(word));
  if (name === "pg_dropcluster" && verbs.length >= 2)
    return hit(
      `'pg_dropcluster' removes the PostgreSQL cluster ${verbs.slice(0, 2).join(" ")} with its data directory`,
    );
  if (name === "consul" && verbs[0] === "kv" && verbs[1] === "delete" && has(/^--?recurse(=true)?$/))
    return hit(`'consul kv delete -recurse' deletes every key under ${verbs[2] ?? "the root"}`);
  if (/^kafka-topics(\.sh)?$/.test(name) && has(/^--delete$/))
    return hit(`'${name} --delete' deletes a topic and every message it holds`);
  if (name === "rabbitmqctl" && /^(reset|force_reset|purge_queue)$/.test(verbs[0] ?? ""))
    return hit(
      `'rabbitmqctl ${verbs[0]}' empties the broker's ${verbs[0] === "purge_queue" ? "queue" : "state and every queue"}`,
    );
  if (name === "influx" && verbs[0] === "bucket" && verbs[1] === "delete")
    return hit("'influx bucket delete' deletes a bucket and every point in it");
  if (name === "influx" && verbs[0] === "delete" && !has(/^(-p|--predicate)(=|$)/))
    return hit("'influx delete' without a predicate deletes every point in the time range");
  if (
    /^(zkCli(\.sh)?|zookeeper-shell(\.sh)?)$/.test(name) &&
    words.some((word) => /^(deleteall|rmr)$/.test(word))
  )
    return hit(`'${name}' deletes a whole tree of znodes`);
  if (name === "bq" && verbs[0] === "rm") return hit("'bq rm' deletes a BigQuery dataset, table or model");
  if (name === "heroku" && verbs[0] === "pg:reset")
    return hit("'heroku pg:reset' empties the app's database");
  if (name === "turso" && verbs[0] === "db" && verbs[1] === "destroy")
    return hit("'turso db destroy' deletes a hosted database");
  if (name === "wrangler" && verbs[0] === "d1" && verbs[1] === "delete")
    return hit("'wrangler d1 delete' deletes a hosted database");
  if (name === "memcflush") return hit("'memcflush' drops every item the memcached servers hold");
  return undefined;
}

/** A redirect to bash's `/dev/tcp/HOST/PORT` makes the command's output a network request. */
function devTcpText(input: RuleInput): string | undefined {
  const { invocation, scope } = input;
  const tcp = invocation.redirects.some((redirect) =>
    /^\/dev\/(tcp|udp)\//.test(redirect.target?.value ?? ""),
  );
  return tcp ? invocationOutput({ ...invocation, redirects: [] }, scope) : undefined;
}

export const databaseWireRule: Rule = (input) => {
  const { name, args, invocation } = input;
  const socket = SOCKET_CLIENTS.has(name) || name === "openssl";
  if (!socket && !HTTP_CLIENTS.has(name) && !ADMIN_PROGRAMS.has(name) && invocation.redirects.length === 0)
    return undefined;
  const words = args.map((word) => word.value);
  if (asksForHelp(words)) return undefined;
  const tcp = devTcpText(input);
  if (tcp !== undefined) {
    const what = wireText(tcp);
    if (what) return hit(`'${name}' to /dev/tcp ${what}`);
  }
  if (socket && (name !== "openssl" || words[0] === "s_client")) {
    const text = invocation.stdin?.read();
    const what = text === undefined ? undefined : wireText(text);
    return what ? hit(`'${name}' ${what}`) : undefined;
  }
  if (HTTP_CLIENTS.has(name)) return httpHit(name, words);
  return adminHit(name, words);
};
