//! JavaScriptCore (Debian's libjavascriptcoregtk-6.0, WebKitGTK's JIT engine): the default
//! engine, 7-10x faster than QuickJS-NG on our pages. Bound through the library's GObject C API
//! directly: the `javascriptcore6` crate's -sys build fails where the library is missing, which
//! would rule out build.rs choosing QuickJS automatically on such machines.
//!
//! One virtual machine and context per render thread; the bundle is evaluated once per VM.
use super::{
    engine::{Engine, PoolConfig},
    renderer::{RenderError, Rendered},
};
use std::{
    ffi::{CStr, CString, c_char, c_int, c_uint, c_void},
    ptr::NonNull,
    sync::OnceLock,
    time::{Duration, Instant},
};

#[allow(non_camel_case_types)]
mod ffi {
    use super::*;
    pub type gboolean = c_int;
    #[repr(C)]
    pub struct JSCContext(c_void);
    #[repr(C)]
    pub struct JSCValue(c_void);
    #[repr(C)]
    pub struct JSCException(c_void);
    #[repr(C)]
    pub struct JSCVirtualMachine(c_void);

    unsafe extern "C" {
        pub fn jsc_options_set_boolean(option: *const c_char, value: gboolean) -> gboolean;
        pub fn jsc_options_set_uint(option: *const c_char, value: c_uint) -> gboolean;
        pub fn jsc_options_set_size(option: *const c_char, value: usize) -> gboolean;
        pub fn jsc_virtual_machine_new() -> *mut JSCVirtualMachine;
        pub fn jsc_context_new_with_virtual_machine(vm: *mut JSCVirtualMachine) -> *mut JSCContext;
        pub fn jsc_context_evaluate(ctx: *mut JSCContext, code: *const c_char, length: isize) -> *mut JSCValue;
        pub fn jsc_context_get_exception(ctx: *mut JSCContext) -> *mut JSCException;
        pub fn jsc_context_clear_exception(ctx: *mut JSCContext);
        pub fn jsc_context_get_value(ctx: *mut JSCContext, name: *const c_char) -> *mut JSCValue;
        pub fn jsc_exception_get_message(e: *mut JSCException) -> *const c_char;
        pub fn jsc_exception_to_string(e: *mut JSCException) -> *mut c_char;
        pub fn jsc_value_new_string(ctx: *mut JSCContext, s: *const c_char) -> *mut JSCValue;
        pub fn jsc_value_is_string(v: *mut JSCValue) -> gboolean;
        pub fn jsc_value_to_string(v: *mut JSCValue) -> *mut c_char;
        pub fn jsc_value_object_get_property(v: *mut JSCValue, name: *const c_char) -> *mut JSCValue;
        pub fn jsc_value_object_invoke_methodv(
            v: *mut JSCValue,
            name: *const c_char,
            n: c_uint,
            params: *mut *mut JSCValue,
        ) -> *mut JSCValue;
        pub fn g_object_unref(object: *mut c_void);
        pub fn g_free(mem: *mut c_void);
    }
}

/// An owned reference to a GObject of the library, released on drop.
struct Owned<T>(NonNull<T>);

impl<T> Owned<T> {
    fn new(ptr: *mut T) -> Option<Self> {
        NonNull::new(ptr).map(Self)
    }
    fn ptr(&self) -> *mut T {
        self.0.as_ptr()
    }
}

impl<T> Drop for Owned<T> {
    fn drop(&mut self) {
        // SAFETY: every `Owned` holds a reference the library transferred to us ("transfer full").
        unsafe { ffi::g_object_unref(self.0.as_ptr().cast()) }
    }
}

/// Takes a `g_malloc`ed string ("transfer full") and frees it.
fn take_string(ptr: *mut c_char) -> Option<String> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: a NUL-terminated string from the library, freed exactly once here.
    let s = unsafe { CStr::from_ptr(ptr) }.to_string_lossy().into_owned();
    unsafe { ffi::g_free(ptr.cast()) };
    Some(s)
}

fn cstr(s: &str) -> Result<CString, RenderError> {
    CString::new(s).map_err(|_| RenderError::Js("a NUL byte in text passed to the engine".into()))
}

/// JavaScriptCore ends a script after this much of its thread's CPU time. A backstop for
/// runaway scripts, not the request's deadline: the pool stops waiting at the deadline itself.
const WATCHDOG: Duration = Duration::from_millis(400);

/// Process-wide engine options: JSC reads them once, before its first VM, so they are the same
/// for every pool of the process (the first pool's memory budget counts).
///
/// No FTL, JSC's top tier: it compiles React's largest functions (the renderer's element loop)
/// with a compiler that held 100-500 MB at a time while it ran, and the tiers above baseline keep
/// recompiling in a host that renders for hours (a function is thrown out after a GC and compiled
/// again). Without it a process rendering the four bench pages in one VM stayed at 57-89 MB
/// instead of peaks of 110-610 MB, its renders were as fast (home's 0.09-0.13 ms against 0.17-0.20:
/// DFG, the tier below, does the work, and no compile competes for the second core), and the host
/// held 163 MB after the render bench's load instead of 183.
fn set_options(config: &PoolConfig) -> Result<(), String> {
    static SET: OnceLock<Result<(), String>> = OnceLock::new();
    SET.get_or_init(|| {
        let watchdog_ms = WATCHDOG.as_millis() as c_uint;
        // SAFETY: plain option setters, called before any VM exists (OnceLock).
        // An operator's `JSC_useFTLJIT` (JSC reads its options from the environment) wins.
        let ftl_left_alone = std::env::var_os("JSC_useFTLJIT").is_some();
        let ok = unsafe {
            ffi::jsc_options_set_uint(c"watchdog".as_ptr(), watchdog_ms) != 0
                && ffi::jsc_options_set_size(c"forceRAMSize".as_ptr(), config.memory_limit) != 0
                && (ftl_left_alone || ffi::jsc_options_set_boolean(c"useFTLJIT".as_ptr(), 0) != 0)
        };
        if ok { Ok(()) } else { Err("JavaScriptCore refused the watchdog, forceRAMSize or useFTLJIT option".into()) }
    })
    .clone()
}

pub struct Jsc {
    // Field order is drop order: the context before its VM.
    ctx: Owned<ffi::JSCContext>,
    ssr: Owned<ffi::JSCValue>,
    _vm: Owned<ffi::JSCVirtualMachine>,
    /// Set when a render was cut off by the watchdog: JS cleanup (`finally`) did not run.
    interrupted: bool,
}

impl Jsc {
    /// The pending exception, cleared so the context can run again: `Some(None)` for the
    /// watchdog's termination, which carries no message (a thrown value always has one).
    fn take_exception(&self) -> Option<Option<String>> {
        // SAFETY: `ctx` is alive; the exception is owned by the context ("transfer none").
        unsafe {
            let e = ffi::jsc_context_get_exception(self.ctx.ptr());
            if e.is_null() {
                return None;
            }
            let text = if ffi::jsc_exception_get_message(e).is_null() {
                None
            } else {
                Some(take_string(ffi::jsc_exception_to_string(e)).unwrap_or_else(|| "javascript exception".into()))
            };
            ffi::jsc_context_clear_exception(self.ctx.ptr());
            Some(text)
        }
    }

    fn string_property(&self, object: &Owned<ffi::JSCValue>, name: &CStr) -> Result<String, RenderError> {
        // SAFETY: `object` is alive; the property value is ours ("transfer full").
        let value = Owned::new(unsafe { ffi::jsc_value_object_get_property(object.ptr(), name.as_ptr()) })
            .ok_or_else(|| RenderError::Js(format!("render result has no {}", name.to_string_lossy())))?;
        if unsafe { ffi::jsc_value_is_string(value.ptr()) } == 0 {
            return Err(RenderError::Js(format!("render result's {} is not a string", name.to_string_lossy())));
        }
        take_string(unsafe { ffi::jsc_value_to_string(value.ptr()) })
            .ok_or_else(|| RenderError::Js("unreadable render result".into()))
    }
}

impl Engine for Jsc {
    const NAME: &'static str = "jsc";
    const JIT: bool = true;
    /// JSC compiles lazily and tiers up on its own: the source is what each VM evaluates.
    type Prepared = CString;

    fn prepare(source: &str, config: &PoolConfig) -> Result<CString, String> {
        set_options(config)?;
        CString::new(source).map_err(|_| "the server bundle contains a NUL byte".to_string())
    }

    fn load(source: &CString, _config: &PoolConfig) -> Result<Self, String> {
        // SAFETY: constructors return new references ("transfer full"), checked for NULL.
        let vm = Owned::new(unsafe { ffi::jsc_virtual_machine_new() }).ok_or("no JavaScriptCore VM")?;
        let ctx = Owned::new(unsafe { ffi::jsc_context_new_with_virtual_machine(vm.ptr()) })
            .ok_or("no JavaScriptCore context")?;
        let result = unsafe { ffi::jsc_context_evaluate(ctx.ptr(), source.as_ptr(), -1) };
        drop(Owned::new(result));
        let engine = Self {
            ssr: Owned::new(unsafe { ffi::jsc_context_get_value(ctx.ptr(), c"SSR".as_ptr()) })
                .ok_or("no SSR global")?,
            ctx,
            _vm: vm,
            interrupted: false,
        };
        if let Some(e) = engine.take_exception() {
            return Err(format!("server bundle: {}", e.as_deref().unwrap_or("stopped by the watchdog")));
        }
        Ok(engine)
    }

    fn render(&mut self, payload: &str, _until: Instant) -> Result<Rendered, RenderError> {
        let payload = cstr(payload)?;
        // SAFETY: `ctx` and `ssr` are alive; the argument and result are ours to release.
        let arg = Owned::new(unsafe { ffi::jsc_value_new_string(self.ctx.ptr(), payload.as_ptr()) })
            .ok_or_else(|| RenderError::Js("could not pass the payload".into()))?;
        let mut params = [arg.ptr()];
        let out =
            unsafe { ffi::jsc_value_object_invoke_methodv(self.ssr.ptr(), c"render".as_ptr(), 1, params.as_mut_ptr()) };
        let out = Owned::new(out);
        match self.take_exception() {
            None => {}
            Some(Some(message)) => return Err(RenderError::Js(message)),
            Some(None) => {
                self.interrupted = true;
                return Err(RenderError::Timeout);
            }
        }
        let out = out.ok_or_else(|| RenderError::Js("render returned nothing".into()))?;
        Ok(Rendered {
            html: self.string_property(&out, c"html")?,
            title: self.string_property(&out, c"title")?,
            description: self.string_property(&out, c"description")?,
            engine: Duration::ZERO,
        })
    }

    /// A thrown exception unwinds through React's own `finally` blocks, so the VM is fine;
    /// a watchdog termination skips them, so that VM is replaced.
    fn broken_after(&self, _error: &RenderError) -> bool {
        self.interrupted
    }
}
