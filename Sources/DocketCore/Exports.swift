// The extractor's model (tasks, priorities, diagnostics) and the shared error shape are part of DocketCore's API:
// code that uses DocketCore sees them without importing the lower modules itself.
@_exported public import DocketExtraction
@_exported public import DocketSupport
