import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../src/db/client.ts';

async function admin(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one PostgreSQL database for the whole run; test-app.ts gives every app a copy of it
 * (`create database … template …`), which takes a fraction of the time the migrations take.
 */
export default async function setup(project: TestProject) {
  const { url } = project.getProvidedContext().postgres!;
  const template = `template_${randomBytes(6).toString('hex')}`;
  await admin(url, `create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  await migratePostgres(templateUrl.toString());
  project.provide('postgresTemplate', template);
  return () => admin(url, `drop database if exists ${template} with (force)`);
}
