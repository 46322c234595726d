// Command names a user's shell already has: POSIX utilities, coreutils, shell builtins and the tools
// around our packages. A CLI binary name derived from an API's title never takes one of them: an
// API titled "Groups" would otherwise install a `groups` that shadows coreutils' on the user's PATH.

const TAKEN = new Set(
  (
    'alias apt ar awk basename bash bg cat cd chgrp chmod chown cksum cmp comm cp curl cut date dd df diff dirname du ' +
    'echo ed env expand expr false fg file find fold git grep groups gzip head id join kill less ln locale logname ' +
    'ls make man mkdir mkfifo mv nice nl node nohup npm npx od paste patch pip pr printf ps pwd python python3 read ' +
    'rm rmdir sed sh sleep sort split ssh stat strings stty sudo tail tar tee test time timeout top touch tr true ' +
    'tsort tty type umask uname unexpand uniq unzip users vi wait wc which who whoami xargs yes zip'
  ).split(' '),
);

/** `name`, or `name-cli` when a shell already has a command called `name`. */
export function freeCommandName(name: string): string {
  return TAKEN.has(name) ? `${name}-cli` : name;
}
