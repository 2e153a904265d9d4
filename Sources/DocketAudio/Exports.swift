// The shared error shape (``DocketError``) is part of DocketAudio's API.
@_exported public import DocketSupport
