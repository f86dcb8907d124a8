/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Go programs under
 * a wine that lacks it (Debian 12's wine 8.0). The Go runtime (1.22 and later)
 * loads it from system32 at start for ProcessPrng, its source of random bytes.
 * This one forwards to RtlGenRandom (advapi32's SystemFunction036), which wine
 * has. Test use only: scripts/release.sh --check builds it and copies it into
 * a throw-away wine prefix; it is never shipped.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}

BOOL WINAPI DllMain(HINSTANCE dll, DWORD reason, LPVOID reserved)
{
	(void)dll; (void)reason; (void)reserved;
	return TRUE;
}
