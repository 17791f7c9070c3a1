#!/usr/bin/env node
// Compiles hand-written calls in the compact corpus format into the product's transcript JSON and a labels.json.
// Usage: node compile.mjs SOURCE.txt... --out DIR      (writes DIR/<id>.json and merges DIR/labels.json)
// Check only: node compile.mjs SOURCE.txt... --check
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STANCES = new Set(['interested', 'hesitant', 'refusing', 'dissatisfied', 'abusive']);
const AGENT_ACTS = new Set(['promise', 'pressure', 'insult', 'sensitive', 'offbook']);
const SOP = ['opening', 'identity', 'needs', 'product', 'price', 'objection', 'followup'];
const INTENTIONS = new Set(['strong', 'general', 'none', 'mismatch', 'complaint', 'invalid', 'null']);
const VIOLATIONS = new Set(['承诺收益', '夸大承诺', '索要敏感信息', '私下交易', '辱骂客户', '施压销售']);

function rng(seedText) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.codePointAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

function parse(text, file) {
  const calls = [];
  let cur = null;
  const errors = [];
  text.split(/\r?\n/).forEach((raw, n) => {
    const line = raw.trim();
    const where = `${file}:${n + 1}`;
    if (!line || line.startsWith('//')) return;
    const head = line.match(/^###\s*(\S+)/);
    if (head) {
      cur = { id: head[1], meta: {}, lines: [], where };
      calls.push(cur);
      return;
    }
    if (!cur) {
      errors.push(`${where}: text before the first ### id line`);
      return;
    }
    const gap = line.match(/^~\s*(\d+(?:\.\d+)?)$/);
    if (gap) {
      cur.lines.push({ gap: Number(gap[1]) * 1000 });
      return;
    }
    const turn = line.match(/^([AC])(\^?)(?:\[([a-z,]+)\])?(?:\{([a-z,]+)\})?\s*[:：]\s*(.+)$/);
    if (turn) {
      const [, who, overlap, marks, sop, said] = turn;
      const marksList = marks ? marks.split(',') : [];
      for (const m of marksList) {
        const ok = who === 'C' ? STANCES.has(m) : AGENT_ACTS.has(m);
        if (!ok)
          errors.push(`${where}: marker [${m}] is not allowed on ${who === 'C' ? 'a customer' : 'an agent'} line`);
      }
      const sopList = sop ? sop.split(',') : [];
      for (const s of sopList) if (!SOP.includes(s)) errors.push(`${where}: unknown SOP item {${s}}`);
      cur.lines.push({
        speaker: who === 'A' ? 'agent' : 'customer',
        overlap: !!overlap,
        marks: marksList,
        sop: sopList,
        text: said,
      });
      return;
    }
    const kv = line.match(/^([a-zA-Z]+)\s*:\s*(.*)$/);
    if (kv && !cur.lines.length) {
      cur.meta[kv[1]] = kv[2].trim();
      return;
    }
    errors.push(`${where}: cannot read this line`);
  });
  return { calls, errors };
}

function list(v) {
  return (v ?? '').split(/[,，、\s]+/).filter((x) => x && x !== '-' && x !== 'none' && x !== '无');
}

function compile(call, errors) {
  const m = call.meta;
  const rand = rng(call.id);
  const segments = [];
  const t = Math.round(200 + rand() * 800);
  let pendingGap = null;
  let lastEnd = 0;
  for (const l of call.lines) {
    if (l.gap !== undefined) {
      pendingGap = l.gap;
      continue;
    }
    const chars = [...l.text.replace(/[，。？！、,.?!…\s]/g, '')].length || 1;
    const len = Math.round(chars * (200 + rand() * 60) + 150);
    let start;
    if (!segments.length) start = t;
    else if (l.overlap) start = Math.max(segments.at(-1).startMs + 200, lastEnd - Math.round(300 + rand() * 1200));
    else start = lastEnd + (pendingGap ?? Math.round(200 + rand() * 1300));
    pendingGap = null;
    const seg = { speaker: l.speaker, startMs: start, endMs: start + len, text: l.text };
    if (l.marks.length) seg.marks = l.marks;
    if (l.sop.length) seg.sop = l.sop;
    segments.push(seg);
    lastEnd = Math.max(lastEnd, start + len);
  }
  if (!segments.length) errors.push(`${call.where}: call ${call.id} has no lines`);
  const durationMs = lastEnd + Math.round(rand() * 2000);
  const transcript = { durationMs, segments: segments.map(({ marks, sop, ...s }) => s) };
  const marks = {};
  segments.forEach((s, i) => {
    if (s.marks) marks[i] = s.marks;
  });
  let labels;
  if (m.kind === 'sop') {
    const items = Object.fromEntries(SOP.map((k) => [k, []]));
    segments.forEach((s, i) => {
      for (const k of s.sop ?? []) items[k].push(i);
    });
    labels = { industry: m.industry, items, note: m.note ?? '' };
  } else {
    const intention = m.intention === 'null' ? null : m.intention;
    if (!INTENTIONS.has(m.intention ?? ''))
      errors.push(`${call.where}: intention "${m.intention}" is not one of ${[...INTENTIONS].join(' ')}`);
    const tags = list(m.tags).map(Number);
    if (tags.some((x) => !(x >= 1 && x <= 10))) errors.push(`${call.where}: tags must be numbers 1-10`);
    const violations = list(m.violations);
    for (const v of violations) if (!VIOLATIONS.has(v)) errors.push(`${call.where}: unknown violation ${v}`);
    if (!m.summary && intention !== null) errors.push(`${call.where}: summary missing`);
    labels = {
      industry: m.industry,
      region: m.region,
      author: m.author,
      intention,
      tags,
      violations,
      existing: m.existing === 'yes',
      swapped: m.swapped === 'yes',
      summary: m.summary ?? '',
      note: m.note ?? '',
      marks,
    };
  }
  if (!m.industry) errors.push(`${call.where}: industry missing`);
  return { transcript, labels };
}

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : null;
const files = args.filter((a, i) => !a.startsWith('--') && (outAt < 0 || i !== outAt + 1));
const errors = [];
const seen = new Set();
const compiled = [];
for (const f of files) {
  const { calls, errors: e } = parse(readFileSync(f, 'utf8'), f);
  errors.push(...e);
  for (const c of calls) {
    if (seen.has(c.id)) errors.push(`${c.where}: id ${c.id} used twice`);
    seen.add(c.id);
    compiled.push([c.id, compile(c, errors)]);
  }
}
if (errors.length) {
  console.error(errors.join('\n'));
  console.error(`${errors.length} problem(s)`);
  process.exit(1);
}
if (out) {
  mkdirSync(out, { recursive: true });
  const labelsPath = join(out, 'labels.json');
  const labels = existsSync(labelsPath) ? JSON.parse(readFileSync(labelsPath, 'utf8')) : {};
  for (const [id, { transcript, labels: l }] of compiled) {
    writeFileSync(join(out, `${id}.json`), `${JSON.stringify(transcript, null, 1)}\n`);
    labels[`${id}.json`] = l;
  }
  writeFileSync(labelsPath, `${JSON.stringify(labels, null, 2)}\n`);
}
console.log(`${compiled.length} call(s) ok`);
