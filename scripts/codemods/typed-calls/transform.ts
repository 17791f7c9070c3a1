import ts from 'typescript';
import type { ContractTable } from './contractTable.ts';

/**
 * Rewrites a test file's path-string calls of the harness (`t().post(`${B}/x/y`, body, opts)`, `t().get(…)`,
 * `t().request('POST', …)`, an operator's `op.post('/x/y', body)`) into calls of the contract
 * (`t().call(contract.x.y, body, opts)`). A call is rewritten only when its method is written out and its address is
 * text known at compile time (literals, `${B}` constants) naming exactly one contract entry; everything else is left
 * as it is, with the reason.
 */

export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Left {
  line: number;
  reason: string;
  /** The call's address as far as it is known (dynamic parts as `{…}`). */
  address: string;
}

export interface FileResult {
  edits: Edit[];
  converted: number;
  left: Left[];
}

/** The harness interfaces whose path-string methods are rewritten, and the prefix each adds to the path. */
const HARNESS: Record<string, string> = { TestApp: '', TestOperator: '/api/backend' };
const METHODS = new Set(['post', 'get', 'request']);
const CONTRACT_MODULE = '@crm/core/contract';

/** One piece of an address: text known at compile time, or an expression only known when the test runs. */
type Piece = { text: string } | { expr: ts.Expression };

export function transformFile(file: ts.SourceFile, checker: ts.TypeChecker, table: ContractTable): FileResult {
  const result: FileResult = { edits: [], converted: 0, left: [] };
  const harnessCalls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && harnessMethod(node, checker)) harnessCalls.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);

  for (const call of harnessCalls) {
    const line = file.getLineAndCharacterOfPosition(call.getStart(file)).line + 1;
    const plan = planCall(call, checker, table, file);
    if ('reason' in plan) {
      result.left.push({ line, reason: plan.reason, address: plan.address });
      continue;
    }
    // a rebuilt argument list must not swallow another call being rewritten: that one goes first, the next run does this
    const nested = harnessCalls.some((c) => c !== call && c.pos >= plan.rebuiltFrom && c.end <= call.end);
    if (nested) {
      result.left.push({ line, reason: 'holds another harness call in its query: run the codemod again', address: '' });
      continue;
    }
    result.edits.push(...plan.edits);
    result.converted++;
  }
  if (result.converted) result.edits.push(...importEdits(file));
  return result;
}

/** `post`/`get`/`request` of the test harness (TestApp or TestOperator), and which of them. */
function harnessMethod(call: ts.CallExpression, checker: ts.TypeChecker): { name: string; owner: string } | null {
  if (!ts.isPropertyAccessExpression(call.expression)) return null;
  const name = call.expression.name.text;
  if (!METHODS.has(name)) return null;
  const declaration = checker.getResolvedSignature(call)?.declaration;
  const owner = declaration?.parent;
  if (!owner || !ts.isInterfaceDeclaration(owner) || !(owner.name.text in HARNESS)) return null;
  if (!owner.getSourceFile().fileName.endsWith('/test/harness.ts')) return null;
  return { name, owner: owner.name.text };
}

interface Plan {
  edits: Edit[];
  /** Where the rewritten text starts covering argument text (nested rewritten calls must lie before it). */
  rebuiltFrom: number;
}

function planCall(
  call: ts.CallExpression,
  checker: ts.TypeChecker,
  table: ContractTable,
  file: ts.SourceFile,
): Plan | { reason: string; address: string } {
  const { name, owner } = harnessMethod(call, checker)!;
  const access = call.expression as ts.PropertyAccessExpression;
  const args = call.arguments;
  if (args.some(ts.isSpreadElement)) return { reason: 'arguments spread', address: '' };

  let method: string;
  let pathArg: ts.Expression;
  let bodyArg: ts.Expression | undefined;
  let optsArg: ts.Expression | undefined;
  if (name === 'request') {
    const m = args[0];
    if (!m || !(ts.isStringLiteral(m) || ts.isNoSubstitutionTemplateLiteral(m)))
      return { reason: 'method not written out', address: addressText(args[1], checker) };
    method = m.text.toUpperCase();
    [, pathArg, bodyArg, optsArg] = args;
  } else if (name === 'get') {
    method = 'GET';
    [pathArg, optsArg] = args;
  } else {
    method = 'POST';
    [pathArg, bodyArg, optsArg] = args;
  }
  if (!pathArg) return { reason: 'no address', address: '' };

  const pieces = [{ text: HARNESS[owner] }, ...addressPieces(pathArg, checker)];
  const address = shown(pieces);
  const split = splitQuery(pieces);
  if (!split) return { reason: 'dynamic address', address };
  const url = split.path;
  const route = `${method} ${url}`;
  const name_ = table.byRoute.get(route);
  if (!name_) return { reason: whyNotContract(route, url, method, table), address };

  const start = access.name.getStart(file);
  if (method !== 'GET') {
    if (split.query.length) return { reason: `query in the address of a ${method}`, address };
    // `post(PATH` (or `request('POST', PATH`) → `call(contract.x.y`; the body and options stay as written
    return {
      edits: [{ start, end: pathArg.end, text: `call(${name_}` }],
      rebuiltFrom: call.end,
    };
  }

  if (bodyArg && !(ts.isIdentifier(bodyArg) && bodyArg.text === 'undefined'))
    return { reason: 'GET with a body', address };
  const opts = splitOptions(optsArg, file);
  if (!opts) return { reason: 'options not understood', address };
  const inputParts = [...split.query.map((q) => queryProperty(q, file))];
  let input: string | undefined;
  if (opts.query && inputParts.length) input = `{ ${[...inputParts, `...${opts.query}`].join(', ')} }`;
  else if (opts.query) input = opts.query;
  else if (inputParts.length) input = `{ ${inputParts.join(', ')} }`;
  const newArgs = [name_, input ?? 'undefined', ...(opts.rest !== undefined ? [opts.rest] : [])];
  while (newArgs.length > 1 && newArgs[newArgs.length - 1] === 'undefined') newArgs.pop();
  const lastArg = args[args.length - 1];
  return {
    edits: [{ start, end: lastArg.end, text: `call(${newArgs.join(', ')}` }],
    rebuiltFrom: pathArg.pos,
  };
}

/** The pieces of an address expression: literals and string-literal-typed expressions (`${B}`) are known text. */
function addressPieces(expr: ts.Expression, checker: ts.TypeChecker): Piece[] {
  if (ts.isParenthesizedExpression(expr)) return addressPieces(expr.expression, checker);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [{ text: expr.text }];
  if (ts.isTemplateExpression(expr)) {
    const pieces: Piece[] = [{ text: expr.head.text }];
    for (const span of expr.templateSpans)
      pieces.push(...addressPieces(span.expression, checker), { text: span.literal.text });
    return pieces;
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...addressPieces(expr.left, checker), ...addressPieces(expr.right, checker)];
  const type = checker.getTypeAtLocation(expr);
  if (type.isStringLiteral()) return [{ text: type.value }];
  return [{ expr }];
}

function addressText(expr: ts.Expression | undefined, checker: ts.TypeChecker): string {
  return expr ? shown(addressPieces(expr, checker)) : '';
}

/** An address for the report, its dynamic parts as `{…}`. */
const shown = (pieces: Piece[]) => pieces.map((p) => ('text' in p ? p.text : '{…}')).join('');

interface QueryParam {
  key: string;
  value: Piece;
}

/** The address's path (all known text) and its query parameters, or null when the path has a dynamic part. */
function splitQuery(pieces: Piece[]): { path: string; query: QueryParam[] } | null {
  let path = '';
  let i = 0;
  for (; i < pieces.length; i++) {
    const p = pieces[i];
    if (!('text' in p)) return null;
    const q = p.text.indexOf('?');
    if (q >= 0) {
      path += p.text.slice(0, q);
      const query = parseQuery([{ text: p.text.slice(q + 1) }, ...pieces.slice(i + 1)]);
      return query ? { path, query } : null;
    }
    path += p.text;
  }
  return { path, query: [] };
}

/** `a=1&b=${x}`: each value all text or one expression; anything else is not understood. */
function parseQuery(pieces: Piece[]): QueryParam[] | null {
  const params: QueryParam[] = [];
  let key: string | null = null;
  let pending: Piece[] = [];
  const flush = () => {
    if (key === null) {
      const empty = pending.every((p) => 'text' in p && p.text === '');
      pending = [];
      return empty;
    }
    const nonEmpty = pending.filter((p) => !('text' in p) || p.text !== '');
    if (nonEmpty.length > 1) return false;
    params.push({ key, value: nonEmpty[0] ?? { text: '' } });
    key = null;
    pending = [];
    return true;
  };
  for (const p of pieces) {
    if (!('text' in p)) {
      if (key === null) return null;
      pending.push(p);
      continue;
    }
    const parts = p.text.split('&');
    for (let j = 0; j < parts.length; j++) {
      if (j > 0 && !flush()) return null;
      let part = parts[j];
      if (key === null && part !== '') {
        const eq = part.indexOf('=');
        if (eq < 0 || !/^[A-Za-z_$][\w$]*$/.test(part.slice(0, eq))) return null;
        key = part.slice(0, eq);
        part = part.slice(eq + 1);
      }
      pending.push({ text: decodeURIComponent(part) });
    }
  }
  return flush() ? params : null;
}

/** `key: value` of an input object; `encodeURIComponent(x)` is sent as `x` (the harness encodes the query). */
function queryProperty(q: QueryParam, file: ts.SourceFile): string {
  if ('text' in q.value) return `${q.key}: ${JSON.stringify(q.value.text)}`;
  let expr = q.value.expr;
  if (
    ts.isCallExpression(expr) &&
    ts.isIdentifier(expr.expression) &&
    expr.expression.text === 'encodeURIComponent' &&
    expr.arguments.length === 1
  )
    expr = expr.arguments[0];
  const text = expr.getText(file);
  return ts.isIdentifier(expr) && expr.text === q.key ? q.key : `${q.key}: ${text}`;
}

/** A GET's options with their `query` taken out: the query becomes the call's input. */
function splitOptions(opts: ts.Expression | undefined, file: ts.SourceFile): { query?: string; rest?: string } | null {
  if (!opts) return {};
  if (!ts.isObjectLiteralExpression(opts)) return { rest: opts.getText(file) };
  const isQuery = (p: ts.ObjectLiteralElementLike) =>
    (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
    ts.isIdentifier(p.name) &&
    p.name.text === 'query';
  const queryProp = opts.properties.find(isQuery);
  if (!queryProp) return { rest: opts.getText(file) };
  const query = ts.isPropertyAssignment(queryProp) ? queryProp.initializer.getText(file) : 'query';
  const rest = opts.properties.filter((p) => p !== queryProp).map((p) => p.getText(file));
  return { query, rest: rest.length ? `{ ${rest.join(', ')} }` : undefined };
}

function whyNotContract(route: string, url: string, method: string, table: ContractTable): string {
  if (table.ambiguous.has(route)) return 'more than one contract entry at this address';
  const methods = table.methodsByUrl.get(url);
  if (methods) return `the contract's method is ${methods.join('/')}, the test's ${method}`;
  if (table.parameterised.some((p) => p.test(url))) return 'address with a parameter (/:id)';
  return 'not a contract call';
}

/** `contract` imported from @crm/core/contract, as a value. */
function importEdits(file: ts.SourceFile): Edit[] {
  const imports = file.statements.filter(ts.isImportDeclaration);
  const existing = imports.find(
    (d) => ts.isStringLiteral(d.moduleSpecifier) && d.moduleSpecifier.text === CONTRACT_MODULE,
  );
  const named = existing?.importClause?.namedBindings;
  if (existing && named && ts.isNamedImports(named)) {
    const clause = existing.importClause!;
    const entry = named.elements.find((e) => e.name.text === 'contract');
    if (entry && !clause.isTypeOnly && !entry.isTypeOnly) return [];
    const others = named.elements
      .filter((e) => e !== entry)
      .map((e) => (clause.isTypeOnly && !e.isTypeOnly ? `type ${e.getText(file)}` : e.getText(file)));
    return [
      {
        start: existing.getStart(file),
        end: existing.end,
        text: `import { ${[...others, 'contract'].join(', ')} } from '${CONTRACT_MODULE}';`,
      },
    ];
  }
  const line = `import { contract } from '${CONTRACT_MODULE}';\n`;
  const at = imports.length ? imports[0].getStart(file) : 0;
  return [{ start: at, end: at, text: line }];
}

/** Applies non-overlapping edits. */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
