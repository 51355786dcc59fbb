/** The sentences the model reads about a command in a remote target (a container, a host, a pod). */

export function remoteCwdMissingText(cwd: string, target: string): string {
  return `The working directory ${cwd} does not exist in ${target}; nothing was started. Give a directory that exists there.`;
}

export function remoteNotStartedText(target: string, reason: string): string {
  return `The command could not be started in ${target}: ${reason}`;
}

export function remoteLostText(target: string, reason: string): string {
  return `The connection to ${target} was lost while the command ran (${reason}); whether it finished, and how, is unknown. Check the target before running it again.`;
}

export function remoteTooLongText(bytes: number, target: string): string {
  return `The command is ${bytes} bytes, too long to pass inline, and ${target} has no writable /tmp for its script file; shorten it, or write it in several smaller commands.`;
}

export function remoteDetachedText(target: string): string {
  return `A detached start is not available in ${target}; run it as a background task (run_in_background) instead.`;
}

export function remoteBackgroundUnavailableText(
  target: string,
  why: "removed-at-close" | "no-temporary-directory",
): string {
  return why === "removed-at-close"
    ? `--background cannot outlive shellgate in ${target}: shellgate created that container from an image and removes it when it exits; name an existing container (executor.container), or run it in the foreground.`
    : `--background keeps its log and exit status in the target, and ${target} has no writable /tmp for them; run it in the foreground, or make /tmp writable there.`;
}

export function remoteDetachFailedText(target: string, reason: string): string {
  return `The command could not be started in the background in ${target}: ${reason}`;
}
