__all__ = ["SignatureError", "BatchVerificationError", "SecretStringError"]

class SignatureError(ValueError):
    reason: str
    def __init__(self, message: str, reason: str = "equation") -> None: ...

class BatchVerificationError(SignatureError):
    index: int | None
    def __init__(self, message: str, reason: str = "equation", index: int | None = None) -> None: ...

class SecretStringError(ValueError): ...
