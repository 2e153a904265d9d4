/// The ingestion service behind `docket serve`.
public enum DocketServer {}
