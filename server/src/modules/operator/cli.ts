/**
 * `npm run operator -- <command>`: the installation operators (运营人员), from the command line.
 *
 *   create <account> [--password <p>]   a new operator (asks for the password when not given, or reads
 *                                       OPERATOR_PASSWORD)
 *   passwd <account> [--password <p>]   a new password; the account's sessions end
 *   list                                every operator with its status and last sign-in
 *   disable <account>                   the account can no longer sign in; its sessions end
 *   enable <account>                    allowed to sign in again
 *
 * It opens the database the server uses (DATABASE_URL, or the embedded PGlite in DATA_DIR: stop the embedded server
 * first, PGlite has one process at a time). Every command is written to the operator audit log as 命令行.
 */
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { AppError, badRequest } from '../../platform/errors';
import type { OperatorService } from './service';

export interface CliIo {
  print(line: string): void;
  /** Asks for a secret (not echoed on a terminal). */
  askSecret(question: string): Promise<string>;
  env: NodeJS.ProcessEnv;
}

const USAGE = [
  '用法: npm run operator -- <命令>',
  '  create <账号> [--password <密码>]   创建运营账号（不给密码时询问，或读 OPERATOR_PASSWORD）',
  '  passwd <账号> [--password <密码>]   修改密码（该账号的登录全部失效）',
  '  list                                列出运营账号',
  '  disable <账号>                      停用（登录全部失效）',
  '  enable <账号>                       启用',
].join('\n');

const CLI_ACTOR = { operatorId: null, operatorAccount: '命令行' };

/** Runs one command; the exit code (0 done, 1 refused, 2 usage). */
export async function runOperatorCli(args: string[], ops: OperatorService, io: CliIo): Promise<number> {
  const [command, account] = args;
  const at = args.indexOf('--password');
  const given = at > 0 ? args[at + 1] : undefined;
  const password = async () => {
    if (given) return given;
    if (io.env.OPERATOR_PASSWORD) return io.env.OPERATOR_PASSWORD;
    const first = await io.askSecret('密码: ');
    const again = await io.askSecret('再次输入密码: ');
    if (first !== again) throw badRequest('两次输入的密码不一致');
    return first;
  };
  const needAccount = ['create', 'passwd', 'disable', 'enable'].includes(command ?? '');
  if (!command || (needAccount && (!account || account.startsWith('--'))) || (!needAccount && command !== 'list')) {
    io.print(USAGE);
    return 2;
  }
  try {
    switch (command) {
      case 'create': {
        const { id } = await ops.create(account, await password(), CLI_ACTOR);
        io.print(`已创建运营账号 ${account.trim()}（id ${id}），在 /operator 登录`);
        break;
      }
      case 'passwd':
        await ops.passwd(account, await password(), CLI_ACTOR);
        io.print(`已修改运营账号 ${account} 的密码，其登录已全部失效`);
        break;
      case 'disable':
        await ops.setStatus(account, 2, CLI_ACTOR);
        io.print(`已停用运营账号 ${account}`);
        break;
      case 'enable':
        await ops.setStatus(account, 1, CLI_ACTOR);
        io.print(`已启用运营账号 ${account}`);
        break;
      case 'list': {
        const rows = await ops.list();
        if (!rows.length) io.print('没有运营账号：npm run operator -- create <账号>');
        for (const r of rows)
          io.print(
            `${r.id}\t${r.account}\t${r.status === 1 ? '启用' : '停用'}\t最近登录 ${r.lastLoginAt ?? '—'}\t创建于 ${r.createdAt}`,
          );
        break;
      }
    }
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    io.print(`失败：${err.message}`);
    return 1;
  }
}

/** Reads a line from the terminal without echoing it (or plainly from a pipe). */
function askSecret(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: stdin.isTTY });
    const out = rl as unknown as { _writeToOutput?: (s: string) => void };
    let asked = false;
    if (stdin.isTTY)
      out._writeToOutput = (s: string) => {
        if (!asked) stdout.write(s);
      };
    rl.question(question, (answer) => {
      rl.close();
      if (stdin.isTTY) stdout.write('\n');
      resolve(answer);
    });
    asked = true;
  });
}

async function main(): Promise<void> {
  const { loadConfig } = await import('../../platform/config');
  const { openDatabase } = await import('../../platform/db');
  const { embeddedServerPid } = await import('../../platform/pidFile');
  const { RateLimiter } = await import('../../platform/rateLimit');
  const { TokenService } = await import('../../platform/session');
  const { OperatorService } = await import('./service');
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  if (!config.databaseUrl) {
    const pid = embeddedServerPid(config.dataDir);
    if (pid) {
      console.error(
        `嵌入式数据库（${config.dataDir}）正被运行中的服务器（pid ${pid}）使用：请先停止服务器再运行此命令`,
      );
      process.exit(1);
    }
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    poolMode: config.databasePoolMode,
  });
  await database.migrate();
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  // the CLI reads no organisation's money: only accounts and the audit log
  const ops = new OperatorService(database.db, config, tokens, new RateLimiter(database.db), () => {
    throw new Error('not available from the command line');
  });
  const code = await runOperatorCli(process.argv.slice(2), ops, {
    print: (line) => console.log(line),
    askSecret,
    env: process.env,
  });
  await database.close();
  process.exit(code);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
