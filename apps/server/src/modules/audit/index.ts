// The audit log as other modules see it: they record events through the service.
export {
  auditActionLabels,
  LOGIN_ATTEMPT,
  type AuditAction,
  type AuditEntry,
  type AuditRow,
  type AuditScope,
  type AuditService,
  type AuditWindow,
} from './audit.service';
