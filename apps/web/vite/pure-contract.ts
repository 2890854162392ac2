import { type Plugin, parseAst } from 'vite';

type Node = { type: string; start: number; end: number } & Record<string, unknown>;

const FUNCTION_TYPES = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'FunctionDeclaration',
  'ClassExpression',
  'ClassDeclaration',
]);

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Start offsets of the calls a top-level initializer makes while the module loads (not those inside functions). */
function callStarts(code: string, node: Node, starts: Set<number>): void {
  if (FUNCTION_TYPES.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    // Offsets are UTF-16 like the string; a call that does not end in ')' means they are not.
    if (node.type === 'CallExpression' && code[node.end - 1] !== ')') {
      throw new Error(`pure-contract: unexpected source offsets at ${node.start}`);
    }
    starts.add(node.start);
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) callStarts(code, item, starts);
    } else if (isNode(value)) {
      callStarts(code, value, starts);
    }
  }
}

/**
 * The contract builds its zod schemas at module level (`export const x = z.object(…)`). A bundler must
 * keep a call it cannot prove pure, so importing one constant from a contract file used to bring
 * every schema of that file, and zod itself, into the chunk. Building a schema changes nothing else
 * (the contract registers no metadata), so each call in a top-level `const` initializer is marked
 * `@__PURE__`: unused schemas drop out, and a screen that validates nothing loads no zod.
 */
export function pureContract(): Plugin {
  return {
    name: 'foyer:pure-contract',
    enforce: 'pre',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/ },
      handler(code, id) {
        const program = parseAst(code, { lang: 'ts', sourceType: 'module' }, id) as unknown as {
          body: Node[];
        };
        const starts = new Set<number>();
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
          if (declaration.kind !== 'const') continue;
          for (const declarator of declaration.declarations as Node[]) {
            if (isNode(declarator.init)) callStarts(code, declarator.init, starts);
          }
        }
        if (starts.size === 0) return null;
        let out = '';
        let last = 0;
        for (const start of [...starts].sort((a, b) => a - b)) {
          out += `${code.slice(last, start)}/* @__PURE__ */ `;
          last = start;
        }
        // Only comments are inserted, on the lines they belong to: the existing mapping stays valid.
        return { code: out + code.slice(last), map: null };
      },
    },
  };
}
