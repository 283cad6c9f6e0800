import { AppError, type FieldIssue } from '@pfs/kit';
import { isDelimiter } from './csv-dialect';
import { DATE_FORMATS } from './dates';
import type { MappingOverrides, SavedMapping } from './mapping';
import { PRESETS, presetById } from './presets';
import type { ColumnRef, DateOrder } from './types';

/** An import request's options as they arrive (the shape of the proto message, mapping converted). */
export interface ImportOptionsInput {
  fileName: string;
  mapping?: MappingOverrides;
  dateFormat: string;
  dryRun: boolean;
  countryCode: string;
  declaredBytes: number;
  /**
   * CAMT.053 / MT940 files with statements of several accounts: the account to import (IBAN or
   * account number as the file writes it; spaces and case do not matter).
   */
  account?: string;
  /** Save the effective CSV mapping under this name (a bank's), for the next file of its layout. */
  saveMappingAs?: string;
}

/** Validated options. */
export interface ImportSettings {
  fileName: string;
  mapping?: MappingOverrides;
  /** The order an explicit dateFormat names. */
  explicitOrder?: DateOrder;
  dateFormat?: string;
  dryRun: boolean;
  /** Upper-case ISO 3166 alpha-2, or '' when unknown. */
  countryCode: string;
  declaredBytes: number;
  /** The account to import of a multi-account file, normalised (accountKey). */
  account?: string;
  /** The name to save the effective CSV mapping under (trimmed). */
  saveMappingAs?: string;
  /** The user's saved mappings, tried on a CSV whose request names no columns (server-made). */
  savedMappings?: SavedMapping[];
}

export const MAPPING_NAME_MAX = 100;

const ACCOUNT_MAX = 100;

/** An account id as compared: no spaces, upper case. */
export function accountKey(account: string): string {
  return account.replace(/\s+/g, '').toUpperCase();
}

const FILE_NAME_MAX = 255;
const COLUMN_NAME_MAX = 200;
const COLUMN_INDEX_MAX = 999;
const DESCRIPTION_COLUMNS_MAX = 10;

function checkRef(issues: FieldIssue[], field: string, ref: ColumnRef): void {
  if (typeof ref === 'number') {
    if (!Number.isInteger(ref) || ref < 0 || ref > COLUMN_INDEX_MAX) {
      issues.push({
        field,
        message: `must be a column name or a position from 0 to ${COLUMN_INDEX_MAX}`,
      });
    }
  } else if (!ref.trim() || ref.length > COLUMN_NAME_MAX) {
    issues.push({ field, message: `must be a column name of 1 to ${COLUMN_NAME_MAX} characters` });
  }
}

/** Checks what can be checked before the file is read; columns are checked against its header later. */
export function parseImportOptions(input: ImportOptionsInput): ImportSettings {
  const issues: FieldIssue[] = [];
  const dateFormat = input.dateFormat.trim();
  const explicitOrder = dateFormat ? DATE_FORMATS[dateFormat.toUpperCase()] : undefined;
  if (dateFormat && !explicitOrder) {
    issues.push({
      field: 'dateFormat',
      message: `must be one of ${Object.keys(DATE_FORMATS).join(', ')}`,
    });
  }
  const mapping = input.mapping;
  if (mapping) {
    if (mapping.preset !== undefined && !presetById(mapping.preset)) {
      issues.push({
        field: 'mapping.preset',
        message: `must be one of ${PRESETS.map((p) => p.id).join(', ')}`,
      });
    }
    if (mapping.delimiter !== undefined && !isDelimiter(mapping.delimiter)) {
      issues.push({ field: 'mapping.delimiter', message: 'must be one of "," ";" "\\t" "|"' });
    }
    if (mapping.decimalSeparator !== undefined && !['.', ','].includes(mapping.decimalSeparator)) {
      issues.push({ field: 'mapping.decimalSeparator', message: 'must be "." or ","' });
    }
    for (const key of [
      'date',
      'amount',
      'debit',
      'credit',
      'type',
      'merchant',
      'externalId',
      'account',
    ] as const) {
      const ref = mapping[key];
      if (ref !== undefined) checkRef(issues, `mapping.${key}`, ref);
    }
    if (mapping.description) {
      if (mapping.description.length > DESCRIPTION_COLUMNS_MAX) {
        issues.push({
          field: 'mapping.description',
          message: `must name at most ${DESCRIPTION_COLUMNS_MAX} columns`,
        });
      }
      mapping.description.forEach((ref, i) => checkRef(issues, `mapping.description.${i}`, ref));
    }
    if (
      mapping.amount !== undefined &&
      (mapping.debit !== undefined || mapping.credit !== undefined)
    ) {
      issues.push({
        field: 'mapping.amount',
        message: 'give either a signed amount column or debit/credit columns, not both',
      });
    }
    if (
      mapping.type !== undefined &&
      mapping.amount === undefined &&
      (mapping.debit !== undefined || mapping.credit !== undefined)
    ) {
      issues.push({
        field: 'mapping.type',
        message: 'a debit/credit marker column only applies to a single amount column',
      });
    }
  }
  const account = input.account === undefined ? '' : accountKey(input.account);
  if (input.account !== undefined && (!account || account.length > ACCOUNT_MAX))
    issues.push({
      field: 'account',
      message: `must be an account id of 1 to ${ACCOUNT_MAX} characters`,
    });
  const saveMappingAs = input.saveMappingAs?.trim();
  if (
    input.saveMappingAs !== undefined &&
    (!saveMappingAs || saveMappingAs.length > MAPPING_NAME_MAX)
  )
    issues.push({
      field: 'saveMappingAs',
      message: `must be a name of 1 to ${MAPPING_NAME_MAX} characters`,
    });
  else if (saveMappingAs && input.dryRun)
    issues.push({
      field: 'saveMappingAs',
      message: 'a dry run saves nothing: send it with the import itself',
    });
  if (issues.length) throw AppError.validation(issues, 'Invalid import options');
  const country = input.countryCode.trim().toUpperCase();
  return {
    fileName: Array.from(input.fileName.trim()).slice(0, FILE_NAME_MAX).join(''),
    mapping,
    explicitOrder,
    dateFormat: explicitOrder ? dateFormat.toUpperCase() : undefined,
    dryRun: input.dryRun,
    countryCode: /^[A-Z]{2}$/.test(country) ? country : '',
    declaredBytes: Math.max(0, input.declaredBytes),
    ...(account ? { account } : {}),
    ...(saveMappingAs ? { saveMappingAs } : {}),
  };
}
