#!/usr/bin/env python3
"""Verifies an ES256 compact JWS with python3-cryptography, independently of OpenSSL's use in lib/auth.

Usage: jws_verify.py JWT [JWK-JSON]; without JWK-JSON the key is the header's "jwk" (a DPoP proof).
Prints the payload as JSON and exits 0 when the signature verifies; exits 1 otherwise.
"""
import base64
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def main():
    token = sys.argv[1]
    header_part, payload_part, signature_part = token.split(".")
    header = json.loads(b64(header_part))
    jwk = json.loads(sys.argv[2]) if len(sys.argv) > 2 else header["jwk"]
    if header.get("alg") != "ES256" or jwk.get("crv") != "P-256":
        print("not ES256 over P-256", file=sys.stderr)
        return 1
    key = ec.EllipticCurvePublicNumbers(int.from_bytes(b64(jwk["x"]), "big"), int.from_bytes(b64(jwk["y"]), "big"),
                                        ec.SECP256R1()).public_key()
    raw = b64(signature_part)
    if len(raw) != 64:
        print("signature is not 64 bytes", file=sys.stderr)
        return 1
    signature = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        key.verify(signature, (header_part + "." + payload_part).encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        print("signature does not verify", file=sys.stderr)
        return 1
    print(json.dumps({"header": header, "payload": json.loads(b64(payload_part))}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
