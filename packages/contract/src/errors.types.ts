// The shape of an entry of the error table and its languages, apart from the table itself so that
// the table (errors.ts) and each topic's part of it (errors.*.ts) all read them from below.

/** The languages every message of the table is written in. */
export type Locale = 'en' | 'zh';

export interface ErrorDef {
  http: number;
  en: string;
  zh: string;
}
