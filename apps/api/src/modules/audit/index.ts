// What other features may use of the audit trail; everything else in this folder is its own business.
export { auditCsv, auditRowsForExport } from './audit-query.ts';
export {
  type AuditAction,
  listAuditEntries,
  listAuditEntriesForTarget,
  presentAuditEntry,
  recordAdminAction,
  recordKeyAction,
  recordSystemAction,
} from './service.ts';
