import { ServiceClient } from '@pfs/kit';
import { BillsServiceClient } from '@pfs/proto/bills';
import { CategorizationServiceClient } from '@pfs/proto/categorization';
import { AssignmentServiceClient } from '@pfs/proto/categorization/v1/assignments';
import { ClassificationServiceClient } from '@pfs/proto/categorization/v1/classification';
import { RuleServiceClient } from '@pfs/proto/categorization/v1/rules';
import { DocumentsServiceClient } from '@pfs/proto/documents';
import { LedgerServiceClient } from '@pfs/proto/ledger';
import { AnalyticsServiceClient } from '@pfs/proto/ledger/v1/analytics';
import { ExpenseServiceClient } from '@pfs/proto/ledger/v1/expenses';
import { ReportServiceClient } from '@pfs/proto/ledger/v1/reports';
import { TaxServiceClient } from '@pfs/proto/tax';

/** The owning services the tools call, each over gRPC as the calling user. */
export interface Services {
  ledger: ServiceClient<LedgerServiceClient>;
  analytics: ServiceClient<AnalyticsServiceClient>;
  expenses: ServiceClient<ExpenseServiceClient>;
  reports: ServiceClient<ReportServiceClient>;
  categories: ServiceClient<CategorizationServiceClient>;
  rules: ServiceClient<RuleServiceClient>;
  classification: ServiceClient<ClassificationServiceClient>;
  assignments: ServiceClient<AssignmentServiceClient>;
  bills: ServiceClient<BillsServiceClient>;
  tax: ServiceClient<TaxServiceClient>;
  documents: ServiceClient<DocumentsServiceClient>;
}

export interface ServiceAddresses {
  LEDGER_GRPC_URL: string;
  CATEGORIZATION_GRPC_URL: string;
  BILLS_GRPC_URL: string;
  TAX_GRPC_URL: string;
  DOCUMENTS_GRPC_URL: string;
}

export function createServices(urls: ServiceAddresses, deadlineMs = 10_000): Services {
  const ledger = urls.LEDGER_GRPC_URL;
  const categorization = urls.CATEGORIZATION_GRPC_URL;
  return {
    ledger: new ServiceClient('ledger', LedgerServiceClient, ledger, deadlineMs),
    analytics: new ServiceClient('ledger', AnalyticsServiceClient, ledger, deadlineMs),
    expenses: new ServiceClient('ledger', ExpenseServiceClient, ledger, deadlineMs),
    reports: new ServiceClient('ledger', ReportServiceClient, ledger, deadlineMs),
    categories: new ServiceClient(
      'categorization',
      CategorizationServiceClient,
      categorization,
      deadlineMs,
    ),
    rules: new ServiceClient('categorization', RuleServiceClient, categorization, deadlineMs),
    classification: new ServiceClient(
      'categorization',
      ClassificationServiceClient,
      categorization,
      deadlineMs,
    ),
    assignments: new ServiceClient(
      'categorization',
      AssignmentServiceClient,
      categorization,
      deadlineMs,
    ),
    bills: new ServiceClient('bills', BillsServiceClient, urls.BILLS_GRPC_URL, deadlineMs),
    tax: new ServiceClient('tax', TaxServiceClient, urls.TAX_GRPC_URL, deadlineMs),
    documents: new ServiceClient(
      'documents',
      DocumentsServiceClient,
      urls.DOCUMENTS_GRPC_URL,
      deadlineMs,
    ),
  };
}

export function closeServices(services: Services): void {
  for (const client of Object.values(services)) (client as ServiceClient<never>).close();
}
