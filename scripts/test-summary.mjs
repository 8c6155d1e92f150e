// Adds up the JSON reports of one test run into a single closing line. Each test stage leaves
// <stage>.json (its report) and <stage>.status (its exit code); a stage that failed without a
// failing test (an unhandled error, a crash before its report) fails the run too, and so does a
// check (<check>.check: lint, types, the web build) that failed.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
const failedIn = new Map();
// The names of the failing tests and the first line of their error, repeated just above the closing
// line, so the end of a long log says what failed.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .find((l) => l.trim()) ?? '';
const files = fs.readdirSync(dir).sort();
for (const file of files.filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const before = failed;
  if (file.startsWith('vitest')) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const rel = path.relative(process.cwd(), suite.name);
      for (const test of suite.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${rel} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(`${rel}: ${firstLine(suite.message)}`);
    }
    if (report.numFailedTestSuites > 0 && report.numFailedTests === 0)
      problems.push(`${file}: ${report.numFailedTestSuites} test file(s) failed outside their tests`);
  } else {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === 'unexpected') {
            const last = test.results?.at(-1);
            failures.push(
              `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`,
            );
          }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    };
    for (const suite of report.suites ?? []) visit(suite, []);
    if (report.errors?.length) problems.push(`${file}: ${report.errors.length} error(s) outside the tests`);
  }
  failedIn.set(file.replace(/\.json$/, ''), failed - before);
}
for (const file of files.filter((f) => f.endsWith('.status'))) {
  const stage = file.replace(/\.status$/, '');
  const status = Number(fs.readFileSync(path.join(dir, file), 'utf8').trim());
  if (!failedIn.has(stage)) problems.push(`${stage}: no report (exit status ${status})`);
  else if (status !== 0 && failedIn.get(stage) === 0)
    problems.push(`${stage}: exit status ${status} with no failing test (an error outside the tests: see its output)`);
}
// The checks that are not tests (lint, types, the web build) fail the run by their exit status.
for (const file of files.filter((f) => f.endsWith('.check'))) {
  const status = Number(fs.readFileSync(path.join(dir, file), 'utf8').trim());
  if (status !== 0)
    problems.push(`${file.replace(/\.check$/, '')}: failed (exit status ${status}): see its output above`);
}
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
for (const problem of problems) console.log(`error: ${problem}`);
console.log(`\ntotal: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
