// `<bin> completion bash|zsh`: a completion script built from the command table. Only words made
// of `[A-Za-z0-9._-]` are written into the script (generated names always are), so nothing from a
// description can become shell syntax.

import { GLOBAL_OPTIONS } from './args.js';
import type { GroupSpec, ProgramSpec } from './types.js';

export const SHELLS = ['bash', 'zsh'] as const;
export type Shell = (typeof SHELLS)[number];

const SAFE_WORD = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const safe = (words: string[]): string => words.filter((w) => SAFE_WORD.test(w.replace(/^--?/, ''))).join(' ');

/** `path` (command words joined by spaces) -> the words that may follow it. */
function table<Client>(program: ProgramSpec<Client>): [string, string][] {
  const globals = Object.keys(GLOBAL_OPTIONS).map((name) => `--${name}`);
  const rows: [string, string][] = [];
  const walk = (group: GroupSpec<Client>, path: string[]): void => {
    const children = [...group.groups.map((g) => g.name), ...group.methods.map((m) => m.name)];
    rows.push([path.join(' '), safe([...children, ...(path.length === 0 ? ['completion'] : []), ...globals])]);
    for (const child of group.groups) if (SAFE_WORD.test(child.name)) walk(child, [...path, child.name]);
    for (const method of group.methods) {
      if (!SAFE_WORD.test(method.name)) continue;
      const flags = method.flags.map((f) => `--${f.name}`);
      if (method.body) flags.push('--data');
      if (method.paginated) flags.push('--all', '--max-items');
      rows.push([[...path, method.name].join(' '), safe([...flags, ...globals])]);
    }
  };
  walk({ name: program.name, groups: program.groups, methods: [] }, []);
  rows.push(['completion', 'bash zsh']);
  return rows;
}

export function completionScript<Client>(program: ProgramSpec<Client>, shell: Shell): string {
  const fn = `_${program.name.replace(/[^A-Za-z0-9]/g, '_')}`;
  const bin = SAFE_WORD.test(program.name) ? program.name : fn;
  const cases = table(program)
    .map(([path, words]) => `    '${path}') echo '${words}' ;;`)
    .join('\n');
  const words = `${fn}_words() {\n  case "$1" in\n${cases}\n    *) return 1 ;;\n  esac\n}\n`;
  if (shell === 'bash') {
    return `# bash completion for ${bin}; load with: source <(${bin} completion bash)
${words}
${fn}() {
  local cur path w i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  path=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    case "$w" in -*) continue ;; esac
    if ${fn}_words "\${path:+$path }$w" >/dev/null; then path="\${path:+$path }$w"; fi
  done
  COMPREPLY=($(compgen -W "$(${fn}_words "$path")" -- "$cur"))
}
complete -F ${fn} ${bin}
`;
  }
  return `#compdef ${bin}
# zsh completion for ${bin}; load with: source <(${bin} completion zsh)
${words}
${fn}() {
  local path_="" w
  for w in "\${(@)words[2,CURRENT-1]}"; do
    [[ "$w" == -* ]] && continue
    if ${fn}_words "\${path_:+$path_ }$w" >/dev/null; then path_="\${path_:+$path_ }$w"; fi
  done
  local -a candidates
  candidates=(\${=\$(${fn}_words "$path_")})
  compadd -- "\${candidates[@]}"
}
compdef ${fn} ${bin}
`;
}
