#pragma once
// Progress reporting and cooperative cancellation for long stages. The GUI forwards reports to
// its progress bar and sets the cancel flag from its Cancel button; the CLI ignores reports.
#include <atomic>
#include <functional>
#include <string_view>

namespace rw {

class Progress {
 public:
  using Callback = std::function<void(std::string_view stage, double fraction)>;

  Progress() = default;
  explicit Progress(Callback callback) : callback_(std::move(callback)) {}

  void report(std::string_view stage, double fraction) const {
    if (callback_) callback_(stage, fraction);
  }
  void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

 private:
  Callback callback_;
  std::atomic<bool> cancelled_{false};
};

}  // namespace rw
